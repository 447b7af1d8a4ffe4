import { type ContactList, ContactListBody } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { TextField } from "@mui/material";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { contactListsKeys, createContactList, fetchContactList, renameContactList } from "./contactListsApi";

export interface ContactListModalProps {
  open: boolean;
  contactListId: number | null;
  onClose: () => void;
  onSaved?: (contactList: ContactList) => void;
}

/** Add/edit dialog of a contact list: its name, 2 to 50 characters (document 2 section 5). */
export function ContactListModal({ open, contactListId, onClose, onSaved }: ContactListModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={contactListId}
      detailKey={contactListsKeys.detail(contactListId ?? 0)}
      fetchRecord={fetchContactList}
      titleId="contact-list-modal-title"
      titles={{ add: t("contactListModal.title.add"), edit: t("contactListModal.title.edit") }}
      successMessage={t("contactListModal.success")}
      maxWidth="xs"
      onSaved={onSaved}
    >
      {(form) => <ContactListFormBody {...form} />}
    </RecordDialog>
  );
}

function ContactListFormBody({ titleId, initial, onCancel, onBusyChange, submit }: RecordFormProps<ContactList>) {
  const { t } = useTranslation();
  const message = useFieldMessage("validation");
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ContactListBody>({
    resolver: zodResolver(ContactListBody),
    defaultValues: { name: initial?.name ?? "" },
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const onSubmit = handleSubmit((values) =>
    submit(() => (initial ? renameContactList(initial.id, values) : createContactList(values))),
  );

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("contactListModal.buttons.cancel")}
      submitLabel={initial ? t("contactListModal.buttons.save") : t("contactListModal.buttons.add")}
    >
      <TextField
        {...register("name")}
        id="contact-list-name"
        label={t("contactListModal.form.name")}
        autoFocus
        required
        fullWidth
        autoComplete="off"
        error={Boolean(errors.name)}
        helperText={message(errors.name)}
        slotProps={{ htmlInput: { maxLength: 50 } }}
      />
    </RecordFormShell>
  );
}
