import {
  type ContactListItem,
  ContactListItemForm,
  type ContactListItemFormInput,
  type ContactListItemFormValues,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Stack, TextField } from "@mui/material";
import { useEffect } from "react";
import { type FieldError, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import {
  contactListItemsKeys,
  createContactListItem,
  fetchContactListItem,
  updateContactListItem,
} from "./contactListsApi";

export interface ContactListItemModalProps {
  open: boolean;
  /** The list a new item joins. */
  contactListId: number;
  itemId: number | null;
  onClose: () => void;
  onSaved?: (item: ContactListItem) => void;
}

/** Add/edit dialog of a list's contact: name 2 to 50, number 8 to 50 digits, e-mail valid or empty (document 2 section 5). */
export function ContactListItemModal({ open, contactListId, itemId, onClose, onSaved }: ContactListItemModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={itemId}
      detailKey={contactListItemsKeys.detail(itemId ?? 0)}
      fetchRecord={fetchContactListItem}
      titleId="contact-list-item-modal-title"
      titles={{ add: t("contactListItemModal.title.add"), edit: t("contactListItemModal.title.edit") }}
      successMessage={t("contactListItemModal.success")}
      maxWidth="xs"
      onSaved={onSaved}
    >
      {(form) => <ItemFormBody {...form} contactListId={contactListId} />}
    </RecordDialog>
  );
}

function ItemFormBody({
  titleId,
  initial,
  onCancel,
  onBusyChange,
  submit,
  contactListId,
}: RecordFormProps<ContactListItem> & { contactListId: number }) {
  const { t } = useTranslation();
  const message = useFieldMessage("contactListItemModal.validation", "validation");
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactListItemFormInput, unknown, ContactListItemFormValues>({
    resolver: zodResolver(ContactListItemForm),
    defaultValues: { name: initial?.name ?? "", number: initial?.number ?? "", email: initial?.email ?? "" },
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const onSubmit = handleSubmit((values) =>
    submit(async () => {
      try {
        return await (initial
          ? updateContactListItem(initial.id, values)
          : createContactListItem({ ...values, contactListId }));
      } catch (err) {
        // The toast says it too; the field shows which value to change.
        if (err instanceof ApiError && err.code === "ERR_DUPLICATED_CONTACT") {
          setError("number", { message: "duplicate" }, { shouldFocus: true });
        }
        throw err;
      }
    }),
  );

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("contactListItemModal.buttons.cancel")}
      submitLabel={initial ? t("contactListItemModal.buttons.save") : t("contactListItemModal.buttons.add")}
    >
      <Stack spacing={2}>
        <TextField
          {...register("name")}
          id="contact-list-item-name"
          label={t("contactListItemModal.form.name")}
          autoFocus
          required
          fullWidth
          autoComplete="off"
          error={Boolean(errors.name)}
          helperText={message(errors.name)}
        />
        <TextField
          {...register("number")}
          id="contact-list-item-number"
          label={t("contactListItemModal.form.number")}
          required
          fullWidth
          autoComplete="off"
          slotProps={{ htmlInput: { inputMode: "tel" } }}
          error={Boolean(errors.number)}
          // The number is preprocessed (a spreadsheet may give a number), so its error is typed loosely.
          helperText={message(errors.number as FieldError | undefined) ?? t("contactListItemModal.form.numberHint")}
        />
        <TextField
          {...register("email")}
          id="contact-list-item-email"
          label={t("contactListItemModal.form.email")}
          type="email"
          fullWidth
          autoComplete="off"
          error={Boolean(errors.email)}
          helperText={message(errors.email)}
        />
      </Stack>
    </RecordFormShell>
  );
}
