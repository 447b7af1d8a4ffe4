import {
  CONTACT_SEARCH_MIN_CHARS,
  isScheduleFinal,
  mayChangeSchedule,
  type Schedule,
  type TemplateChoice,
  TOAST_DURATION_MS,
  UPLOAD_LIMITS_BYTES,
} from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import CloseIcon from "@mui/icons-material/Close";
import ImageOutlinedIcon from "@mui/icons-material/ImageOutlined";
import { Alert, Autocomplete, Box, Button, Chip, FormHelperText, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "react-toastify";
import { useSession } from "../../app/session";
import {
  RecordDialog,
  type RecordFormProps,
  RecordFormShell,
  useDebouncedSearch,
  useFieldMessage,
} from "../../components";
import { FormDateTimeField } from "../../components/FormDateTimeField";
import { formatDateTime } from "../../utils/date";
import { megabytes } from "../../utils/uploadLimits";
import { TemplatePicker } from "../cloud/TemplatePicker";
import { contactsKeys, fetchContact, fetchContactsPage } from "../contacts/contactsApi";
import {
  defaultSendAt,
  SCHEDULE_MEDIA_ACCEPT,
  type ScheduleFormInput,
  type ScheduleFormValues,
  scheduleFormSchema,
  scheduleMediaProblem,
  toLocalInput,
  toScheduleBody,
} from "./scheduleForm";
import {
  createSchedule,
  fetchSchedule,
  removeScheduleMedia,
  schedulesKeys,
  updateSchedule,
  uploadScheduleMedia,
} from "./schedulesApi";
import { useFailureReason } from "./useFailureReason";
import { useSendingConnection } from "./useSendingConnection";

export interface ScheduleModalProps {
  open: boolean;
  /** The schedule to edit (or, once sent, to show); null for a new one. */
  scheduleId: number | null;
  /** A new schedule's contact, prefilled (the ticket's, or the page's ?contactId=). */
  contactId?: number | null;
  /** The ticket it is scheduled from: its contact is fixed, and its connection sends it. */
  ticketId?: number;
  onClose: () => void;
  onSaved?: (schedule: Schedule) => void;
}

/**
 * The schedule dialog (document 1 section 5): a contact, a message of at least 5 characters,
 * the send time (now + 1 hour for a new one) and an optional image (png, jpg, jpeg). A sent
 * schedule is only shown: no submit button. A failed one shows why, and saving sends it again.
 */
export function ScheduleModal({ open, scheduleId, contactId = null, ticketId, onClose, onSaved }: ScheduleModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={scheduleId}
      detailKey={schedulesKeys.detail(scheduleId ?? 0)}
      fetchRecord={fetchSchedule}
      titleId="schedule-title"
      titles={{ add: t("scheduleModal.title.add"), edit: t("scheduleModal.title.edit") }}
      successMessage={t("scheduleModal.success")}
      maxWidth="sm"
      onSaved={onSaved}
    >
      {(form) => <ScheduleFormBody {...form} contactId={contactId} ticketId={ticketId} />}
    </RecordDialog>
  );
}

interface ContactOption {
  id: number;
  name: string;
  number: string;
}

function ScheduleFormBody({
  titleId,
  initial,
  onCancel,
  onBusyChange,
  submit,
  contactId,
  ticketId,
}: RecordFormProps<Schedule> & { contactId: number | null; ticketId?: number }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const failureReason = useFailureReason();
  // A sent schedule is history, and someone else's is only the author's or an admin's to change.
  const readOnly = initial !== null && (isScheduleFinal(initial) || !mayChangeSchedule(user, initial));
  const keptSendAt = initial ? toLocalInput(new Date(initial.sendAt)) : null;
  const schema = useMemo(() => scheduleFormSchema(keptSendAt), [keptSendAt]);
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  // The stored image is removed on save when the user takes it off.
  const [keepStored, setKeepStored] = useState(Boolean(initial?.mediaPath));
  // A Cloud API connection sends an approved template instead when the contact is outside the 24-hour window.
  const connection = useSendingConnection(ticketId ?? initial?.ticketId ?? null);
  const cloudWhatsappId = connection?.provider === "cloud" ? connection.id : null;
  const [template, setTemplate] = useState<TemplateChoice | null>(initial?.template ?? null);
  const [templateIncomplete, setTemplateIncomplete] = useState(false);

  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ScheduleFormInput, unknown, ScheduleFormValues>({
    resolver: zodResolver(schema),
    defaultValues: {
      body: initial?.body ?? "",
      contactId: initial?.contactId ?? contactId ?? undefined,
      sendAt: keptSendAt ?? defaultSendAt(),
    },
  });

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  // A prefilled contact is known by its id only: its name comes from the server.
  const prefill = useQuery({
    queryKey: contactsKeys.detail(contactId ?? 0),
    queryFn: ({ signal }) => fetchContact(contactId!, signal),
    enabled: initial === null && contactId !== null,
    staleTime: 30_000,
  });
  const startContact: ContactOption | null = initial?.contact ?? prefill.data ?? null;

  const message = useFieldMessage("scheduleModal.validation", "validation");

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = "";
    if (!chosen) return;
    const problem = scheduleMediaProblem(chosen);
    if (problem) {
      const text =
        problem === "type"
          ? t("scheduleModal.wrongType")
          : t("scheduleModal.tooLarge", { size: megabytes(UPLOAD_LIMITS_BYTES.image) });
      toast.error(text, { autoClose: TOAST_DURATION_MS });
      return;
    }
    setFile(chosen);
  };

  const onSubmit = handleSubmit((values) => {
    const chosen = cloudWhatsappId === null ? null : template;
    if (chosen?.variables.some((value) => !value.trim())) return setTemplateIncomplete(true);
    setTemplateIncomplete(false);
    return submit(async () => {
      // Sent only where a template can go out (a Cloud API connection); elsewhere the body is as before.
      const body = {
        ...toScheduleBody(values),
        ...(cloudWhatsappId === null
          ? {}
          : { template: chosen && { ...chosen, variables: chosen.variables.map((value) => value.trim()) } }),
      };
      let saved = initial
        ? await updateSchedule(initial.id, body)
        : await createSchedule(ticketId === undefined ? body : { ...body, ticketId });
      if (file) saved = await uploadScheduleMedia(saved.id, file);
      else if (initial?.mediaPath && !keepStored) saved = await removeScheduleMedia(saved.id);
      return saved;
    });
  });

  const attachmentName = file?.name ?? (keepStored ? initial?.mediaName : null);

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      readOnly={readOnly}
      cancelLabel={readOnly ? t("scheduleModal.buttons.close") : t("scheduleModal.buttons.cancel")}
      submitLabel={initial ? t("scheduleModal.buttons.save") : t("scheduleModal.buttons.add")}
    >
      <Stack spacing={2}>
        {initial?.status === "ERRO" ? (
          <Alert severity="error" data-testid="schedule-failure">
            {t("scheduleModal.status.failed", { reason: failureReason(initial.errorCode) })}
          </Alert>
        ) : null}
        {initial?.status === "ENVIANDO" ? <Alert severity="info">{t("scheduleModal.status.sending")}</Alert> : null}
        {initial?.sentAt ? (
          <Alert severity="success">{t("scheduleModal.form.sentAt", { date: formatDateTime(initial.sentAt) })}</Alert>
        ) : null}
        <Controller
          name="contactId"
          control={control}
          render={({ field, fieldState }) => (
            <ContactPicker
              start={startContact}
              onChange={(option) => field.onChange(option?.id)}
              onBlur={field.onBlur}
              disabled={readOnly || ticketId !== undefined}
              error={message(fieldState.error)}
            />
          )}
        />
        <TextField
          {...register("body")}
          id="schedule-body"
          label={t("scheduleModal.form.body")}
          multiline
          minRows={5}
          maxRows={12}
          fullWidth
          required
          autoFocus={!readOnly && (initial !== null || contactId !== null)}
          disabled={readOnly}
          error={Boolean(errors.body)}
          helperText={message(errors.body)}
        />
        {cloudWhatsappId !== null && (
          <Box data-testid="schedule-template">
            <TemplatePicker
              whatsappId={cloudWhatsappId}
              value={template}
              onChange={setTemplate}
              optional
              disabled={readOnly}
              helperText={t("conversation.templates.outsideWindowHelp")}
            />
            {templateIncomplete && (
              <FormHelperText error>{t("scheduleModal.validation.templateVariables")}</FormHelperText>
            )}
          </Box>
        )}
        <FormDateTimeField
          name="sendAt"
          control={control}
          kind="dateTime"
          id="schedule-send-at"
          label={t("scheduleModal.form.sendAt")}
          fullWidth
          required
          disabled={readOnly}
          error={Boolean(errors.sendAt)}
          helperText={message(errors.sendAt)}
        />
        {readOnly && !attachmentName ? null : (
          <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 1 }}>
            <input
              ref={fileRef}
              type="file"
              hidden
              accept={SCHEDULE_MEDIA_ACCEPT}
              onChange={onFile}
              data-testid="schedule-file"
            />
            {readOnly ? null : (
              <Button startIcon={<ImageOutlinedIcon />} variant="outlined" onClick={() => fileRef.current?.click()}>
                {attachmentName ? t("scheduleModal.form.replaceMedia") : t("scheduleModal.form.attachMedia")}
              </Button>
            )}
            {attachmentName ? (
              <Chip
                label={attachmentName}
                {...(readOnly
                  ? {}
                  : {
                      onDelete: () => {
                        setFile(null);
                        setKeepStored(false);
                      },
                      deleteIcon: <CloseIcon aria-label={t("scheduleModal.form.removeMedia")} />,
                    })}
              />
            ) : null}
            {readOnly ? null : (
              <Typography variant="caption" color="text.secondary" sx={{ flexBasis: "100%" }}>
                {t("scheduleModal.form.mediaHint", { size: megabytes(UPLOAD_LIMITS_BYTES.image) })}
              </Typography>
            )}
          </Stack>
        )}
      </Stack>
    </RecordFormShell>
  );
}

const contactLabel = (option: ContactOption) => `${option.name} - ${option.number}`;

/** The contact, found from 3 characters of its name or number; `start` is the one it begins with. */
function ContactPicker({
  start,
  onChange,
  onBlur,
  disabled,
  error,
}: {
  start: ContactOption | null;
  onChange: (option: ContactOption | null) => void;
  onBlur: () => void;
  disabled: boolean;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<ContactOption | null>(start);
  const [text, setText] = useState(start ? contactLabel(start) : "");
  // The chosen contact's label is not a search.
  const typing = selected === null || text !== contactLabel(selected);
  const term = useDebouncedSearch(typing ? text : "");
  const searchable = term.length >= CONTACT_SEARCH_MIN_CHARS;
  const search = useQuery({
    queryKey: schedulesKeys.contactSearch(term),
    queryFn: ({ signal }) => fetchContactsPage(term, 1, signal),
    enabled: !disabled && searchable,
    staleTime: 10_000,
  });

  // A prefilled contact's name arrives after the form opens.
  useEffect(() => {
    if (!start) return;
    setSelected((current) => {
      if (current) return current;
      setText(contactLabel(start));
      return start;
    });
  }, [start]);

  const options: ContactOption[] = searchable
    ? (search.data?.contacts ?? []).map(({ id, name, number }) => ({ id, name, number }))
    : [];

  return (
    <Autocomplete<ContactOption>
      options={options}
      value={selected}
      disabled={disabled}
      filterOptions={(all) => all}
      loading={search.isFetching}
      inputValue={text}
      onInputChange={(_, value) => setText(value)}
      onChange={(_, option) => {
        setSelected(option);
        onChange(option);
      }}
      onBlur={onBlur}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      getOptionLabel={contactLabel}
      noOptionsText={
        searchable
          ? t("scheduleModal.form.noContacts")
          : t("scheduleModal.form.contactPlaceholder", { count: CONTACT_SEARCH_MIN_CHARS })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("scheduleModal.form.contact")}
          required
          autoFocus={!disabled && !start}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
