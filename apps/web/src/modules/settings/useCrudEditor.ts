import { useState } from "react";
import { type DefaultValues, type FieldValues, type Resolver, useForm } from "react-hook-form";
import { toastFailure, toastSuccess } from "./feedback";

interface CrudEditorOptions<TRecord extends { id: number }, TInput extends FieldValues, TOutput> {
  resolver: Resolver<TInput, unknown, TOutput>;
  /** The form's values for a new record. */
  empty: TInput;
  /** The form's values for editing a record. */
  toForm: (record: TRecord) => TInput;
  /** Creates a record from the form's values, or updates the one being edited. */
  save: (values: TOutput, editing: TRecord | null) => Promise<unknown>;
  remove: (record: TRecord) => Promise<unknown>;
  /** The i18n prefix of the toasts: `${toasts}.success`, `.saveError`, `.deleted`, `.operationError`. */
  toasts: string;
  /** Refetches the list after a save or a delete. */
  refresh: () => Promise<unknown>;
}

/**
 * A settings tab's create/edit form and delete confirmation over one kind of record:
 * the form, the record being edited and the one to delete, and the form's submit,
 * clear and edit, each save or delete toasted and followed by a refresh of the list.
 */
export function useCrudEditor<TRecord extends { id: number }, TInput extends FieldValues, TOutput>({
  resolver,
  empty,
  toForm,
  save,
  remove: removeRecord,
  toasts,
  refresh,
}: CrudEditorOptions<TRecord, TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({ resolver, defaultValues: empty as DefaultValues<TInput> });
  const [editing, setEditing] = useState<TRecord | null>(null);
  const [deleting, setDeleting] = useState<TRecord | null>(null);

  const clear = () => {
    setEditing(null);
    form.reset(empty);
  };

  const edit = (record: TRecord) => {
    setEditing(record);
    form.reset(toForm(record));
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await save(values, editing);
      toastSuccess(`${toasts}.success`);
      clear();
      await refresh();
    } catch (err) {
      toastFailure(err, `${toasts}.saveError`);
    }
  });

  const remove = async () => {
    if (!deleting) return;
    try {
      await removeRecord(deleting);
      toastSuccess(`${toasts}.deleted`);
      if (editing?.id === deleting.id) clear();
      await refresh();
    } catch (err) {
      toastFailure(err, `${toasts}.operationError`);
    }
  };

  return {
    form,
    editing,
    edit,
    deleting,
    setDeleting,
    /** FormCard's editing, submitting, onSubmit and onClear. */
    formCard: { editing: editing !== null, submitting: form.formState.isSubmitting, onSubmit: submit, onClear: clear },
    /** DeleteConfirmation's open, onClose and onConfirm. */
    deleteConfirmation: { open: deleting !== null, onClose: () => setDeleting(null), onConfirm: remove },
  };
}
