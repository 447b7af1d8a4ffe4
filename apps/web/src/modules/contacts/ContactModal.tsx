import { type Contact, ContactForm, type ContactFormInput, type ContactFormValues } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Alert, Box, Button, IconButton, Stack, TextField, Typography } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/client";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { contactsKeys, createContact, fetchContact, updateContact } from "./contactsApi";

export interface ContactModalProps {
  open: boolean;
  /** The contact to edit; absent or null to add a new one. */
  contactId?: number | null;
  /** Prefills a new contact (for example the name typed in a contact search). */
  initialValues?: { name?: string; number?: string };
  onClose: () => void;
  /** Called with the saved contact, after the success toast and before the modal closes. */
  onSave?: (contact: { id: number; name: string; number: string }) => void;
}

/** Refusals about the number itself are shown on the number field as well as in a toast. */
const NUMBER_ERRORS = new Set(["ERR_DUPLICATED_CONTACT", "ERR_WAPP_INVALID_CONTACT"]);

/**
 * Add/edit dialog for a contact (name, number, email and extra information).
 * The contacts page, the new-ticket flow and the ticket's contact drawer use it.
 */
export function ContactModal({ open, contactId = null, initialValues, onClose, onSave }: ContactModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const onSaved = (saved: Contact) => {
    void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
    onSave?.({ id: saved.id, name: saved.name, number: saved.number });
  };
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={contactId}
      detailKey={contactsKeys.detail(contactId ?? 0)}
      fetchRecord={fetchContact}
      titleId="contact-modal-title"
      titles={{ add: t("contactModal.title.add"), edit: t("contactModal.title.edit") }}
      successMessage={t("contactModal.success")}
      maxWidth="sm"
      onSaved={onSaved}
    >
      {(form) => <ContactFormBody {...form} initialValues={initialValues} />}
    </RecordDialog>
  );
}

interface ContactFormBodyProps extends RecordFormProps<Contact> {
  initialValues?: { name?: string; number?: string };
}

function ContactFormBody({ titleId, initial, initialValues, onCancel, onBusyChange, submit }: ContactFormBodyProps) {
  const { t } = useTranslation();
  const fieldError = useFieldMessage("errors", "validation");
  const [refusal, setRefusal] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactFormValues>({
    resolver: zodResolver(ContactForm),
    defaultValues: initial
      ? {
          name: initial.name,
          number: initial.number,
          email: initial.email,
          extraInfo: initial.extraInfo.map(({ name, value }) => ({ name, value })),
        }
      : { name: initialValues?.name ?? "", number: initialValues?.number ?? "", email: "", extraInfo: [] },
  });
  const extraInfo = useFieldArray({ control, name: "extraInfo" });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const onSubmit = handleSubmit((values) =>
    submit(async () => {
      setRefusal(null);
      try {
        return await (initial ? updateContact(initial.id, values) : createContact(values));
      } catch (err) {
        if (err instanceof ApiError && err.code && NUMBER_ERRORS.has(err.code)) {
          setError("number", { message: err.code }, { shouldFocus: true });
          setRefusal(t(`errors.${err.code}`));
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
      cancelLabel={t("contactModal.buttons.cancel")}
      submitLabel={initial ? t("contactModal.buttons.save") : t("contactModal.buttons.add")}
    >
      <Stack spacing={2}>
        {refusal ? (
          <Alert severity="error" role="alert">
            {refusal}
          </Alert>
        ) : null}
        <Typography variant="subtitle2" color="text.secondary">
          {t("contactModal.form.mainInfo")}
        </Typography>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            {...register("name")}
            id="contact-name"
            label={t("contactModal.form.name")}
            autoFocus
            required
            fullWidth
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={fieldError(errors.name)}
          />
          <TextField
            {...register("number")}
            id="contact-number"
            label={t("contactModal.form.number")}
            placeholder="5511999998888"
            required
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { inputMode: "tel" } }}
            error={Boolean(errors.number)}
            helperText={fieldError(errors.number)}
          />
        </Stack>
        <TextField
          {...register("email")}
          id="contact-email"
          label={t("contactModal.form.email")}
          type="email"
          fullWidth
          autoComplete="off"
          error={Boolean(errors.email)}
          helperText={fieldError(errors.email)}
        />
        <Typography variant="subtitle2" color="text.secondary">
          {t("contactModal.form.extraInfo")}
        </Typography>
        {extraInfo.fields.map((field, index) => (
          <Stack key={field.id} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextField
              {...register(`extraInfo.${index}.name`)}
              label={t("contactModal.form.extraName")}
              size="small"
              fullWidth
              error={Boolean(errors.extraInfo?.[index]?.name)}
              helperText={fieldError(errors.extraInfo?.[index]?.name)}
            />
            <TextField
              {...register(`extraInfo.${index}.value`)}
              label={t("contactModal.form.extraValue")}
              size="small"
              fullWidth
              error={Boolean(errors.extraInfo?.[index]?.value)}
              helperText={fieldError(errors.extraInfo?.[index]?.value)}
            />
            <IconButton
              aria-label={t("contactModal.buttons.removeExtra")}
              onClick={() => extraInfo.remove(index)}
              size="small"
              sx={{ mt: 0.5 }}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        ))}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => extraInfo.append({ name: "", value: "" })}
            size="small"
            color="inherit"
          >
            {t("contactModal.buttons.addExtra")}
          </Button>
        </Box>
      </Stack>
    </RecordFormShell>
  );
}
