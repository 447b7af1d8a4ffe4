import {
  type Contact,
  ContactForm,
  type ContactFormInput,
  type ContactFormValues,
  FORM_SUBMIT_DELAY_MS,
  TOAST_DURATION_MS,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  TextField,
  Typography,
} from "@mui/material";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { type FieldError, useFieldArray, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { ApiError, toastError } from "../../api/client";
import { Loading } from "../../components/Loading";
import { SubmitButton } from "../../components/SubmitButton";
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

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Refusals about the number itself are shown on the number field as well as in a toast. */
const NUMBER_ERRORS = new Set(["ERR_DUPLICATED_CONTACT", "ERR_WAPP_INVALID_CONTACT"]);

/**
 * Add/edit dialog for a contact (name, number, email and extra information).
 * The contacts page, the new-ticket flow and the ticket's contact drawer use it.
 */
export function ContactModal({ open, contactId, initialValues, onClose, onSave }: ContactModalProps) {
  const { t } = useTranslation();
  const editing = contactId !== undefined && contactId !== null;
  const busy = useRef(false);

  const contactQuery = useQuery({
    queryKey: contactsKeys.detail(contactId ?? 0),
    queryFn: ({ signal }) => fetchContact(contactId!, signal),
    enabled: open && editing,
    staleTime: 0,
    gcTime: 0,
  });

  const failed = open && editing && contactQuery.isError;
  useEffect(() => {
    if (failed) onClose();
  }, [failed, onClose]);

  const close = () => {
    if (!busy.current) onClose();
  };

  const ready = !editing || (contactQuery.isSuccess && !contactQuery.isFetching);

  return (
    <Dialog open={open} onClose={close} maxWidth="sm" fullWidth scroll="paper" aria-labelledby="contact-modal-title">
      <DialogTitle id="contact-modal-title">
        {editing ? t("contactModal.title.edit") : t("contactModal.title.add")}
      </DialogTitle>
      {open && ready ? (
        <ContactFormBody
          key={editing ? `edit-${contactId}` : "new"}
          contactId={editing ? contactId : null}
          initial={editing && contactQuery.data ? contactQuery.data : null}
          initialValues={initialValues}
          onCancel={close}
          onDone={onClose}
          onSave={onSave}
          onBusyChange={(value) => {
            busy.current = value;
          }}
        />
      ) : (
        <DialogContent dividers>
          <Loading />
        </DialogContent>
      )}
    </Dialog>
  );
}

interface ContactFormBodyProps {
  contactId: number | null;
  initial: Contact | null;
  initialValues?: { name?: string; number?: string };
  onCancel: () => void;
  onDone: () => void;
  onSave?: (contact: { id: number; name: string; number: string }) => void;
  onBusyChange: (busy: boolean) => void;
}

function useFieldError() {
  const { t, i18n } = useTranslation();
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    for (const key of [`errors.${error.message}`, `validation.${error.message}`]) {
      if (i18n.exists(key)) return t(key);
    }
    return error.message;
  };
}

function ContactFormBody({
  contactId,
  initial,
  initialValues,
  onCancel,
  onDone,
  onSave,
  onBusyChange,
}: ContactFormBodyProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fieldError = useFieldError();
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

  const onSubmit = handleSubmit(async (values) => {
    setRefusal(null);
    try {
      const request = contactId !== null ? updateContact(contactId, values) : createContact(values);
      // The button stays busy for at least the spec's submit delay, so a double click cannot resend.
      const [saved] = await Promise.all([request, delay(FORM_SUBMIT_DELAY_MS)]);
      toast.success(t("contactModal.success"), { autoClose: TOAST_DURATION_MS });
      void queryClient.invalidateQueries({ queryKey: contactsKeys.lists() });
      onBusyChange(false);
      onSave?.({ id: saved.id, name: saved.name, number: saved.number });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code && NUMBER_ERRORS.has(err.code)) {
        setError("number", { message: err.code }, { shouldFocus: true });
        setRefusal(t(`errors.${err.code}`));
      }
      toastError(err);
    }
  });

  return (
    <Box
      component="form"
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="contact-modal-title"
      sx={{ display: "flex", flexDirection: "column", flex: "1 1 auto", minHeight: 0 }}
    >
      <DialogContent dividers>
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
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          {t("contactModal.buttons.cancel")}
        </Button>
        <SubmitButton submitting={isSubmitting}>
          {contactId !== null ? t("contactModal.buttons.save") : t("contactModal.buttons.add")}
        </SubmitButton>
      </DialogActions>
    </Box>
  );
}

export default ContactModal;
