import { DEFAULT_WEEK_SCHEDULE, type Queue, QueueBody, WorkingHours } from "@atendo/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Box, MenuItem, Stack, Tab, Tabs, TextField, Typography } from "@mui/material";
import { type ChangeEvent, useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { RecordDialog, type RecordFormProps, RecordFormShell, useFieldMessage } from "../../components";
import { FormDateTimeField } from "../../components/FormDateTimeField";
import { usePromptOptions } from "../prompts/promptsApi";
import { useQueueIntegrationOptions } from "../queue-integrations/useQueueIntegrationOptions";
import { QueueOptionsEditor } from "./QueueOptionsEditor";
import { createQueue, fetchQueue, queuesKeys, updateQueue } from "./queuesApi";

/** The queue dialog's form: the shared rules, with the order typed as text. */
const QueueFormSchema = z.object({
  name: QueueBody.shape.name,
  color: QueueBody.shape.color,
  greetingMessage: z.string().max(5000, "tooLong"),
  outOfHoursMessage: z.string().max(5000, "tooLong"),
  orderQueue: z.string().regex(/^\d{0,6}$/, "invalidNumber"),
  /** The prompt's and the integration's ids as the selects hold them; "" for none. */
  promptId: z.string(),
  integrationId: z.string(),
  schedules: z.array(WorkingHours),
});
type QueueFormValues = z.infer<typeof QueueFormSchema>;

type QueueTab = "data" | "schedules" | "options";

export interface QueueModalProps {
  open: boolean;
  queueId: number | null;
  /** The company's scheduleType is "queue": the attendance-hours tab is shown. */
  queueSchedules: boolean;
  onClose: () => void;
  onSaved: (queue: Queue) => void;
}

/** Document 2 section 9: a queue without hours gets the default week. */
function scheduleOf(queue: Queue | null): WorkingHours[] {
  if (queue && queue.schedules.length > 0) return queue.schedules;
  return DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day }));
}

/**
 * Add/edit dialog for a queue: its data, the attendance hours (when the company schedules
 * by queue) and, for a saved queue, the chatbot option tree.
 */
export function QueueModal({ open, queueId, queueSchedules, onClose, onSaved }: QueueModalProps) {
  const { t } = useTranslation();
  return (
    <RecordDialog
      open={open}
      onClose={onClose}
      recordId={queueId}
      detailKey={queuesKeys.detail(queueId ?? 0)}
      fetchRecord={fetchQueue}
      titleId="queue-modal-title"
      titles={{ add: t("queueModal.title.add"), edit: t("queueModal.title.edit") }}
      successMessage={t("queueModal.success")}
      maxWidth="md"
      onSaved={onSaved}
    >
      {(form) => <QueueFormBody {...form} queueSchedules={queueSchedules} />}
    </RecordDialog>
  );
}

interface QueueFormBodyProps extends RecordFormProps<Queue> {
  queueSchedules: boolean;
}

function QueueFormBody({ titleId, initial, queueSchedules, onCancel, onBusyChange, submit }: QueueFormBodyProps) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<QueueTab>("data");
  const {
    register,
    control,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<QueueFormValues>({
    resolver: zodResolver(QueueFormSchema),
    defaultValues: {
      name: initial?.name ?? "",
      color: initial?.color ?? "#2196F3",
      greetingMessage: initial?.greetingMessage ?? "",
      outOfHoursMessage: initial?.outOfHoursMessage ?? "",
      orderQueue: initial?.orderQueue === null || initial?.orderQueue === undefined ? "" : String(initial.orderQueue),
      promptId: initial?.promptId ? String(initial.promptId) : "",
      integrationId: initial?.integrationId ? String(initial.integrationId) : "",
      schedules: scheduleOf(initial),
    },
  });
  const color = watch("color");
  const { ref: colorRef, ...colorField } = register("color");
  const schedules = watch("schedules");
  const promptOptions = usePromptOptions(initial?.promptId);
  const integrationOptions = useQueueIntegrationOptions(initial?.integrationId);

  useEffect(() => {
    onBusyChange(isSubmitting);
  }, [isSubmitting, onBusyChange]);

  const message = useFieldMessage("validation", "queueModal.validation");

  const onSubmit = handleSubmit(
    (values) => {
      const body = {
        name: values.name,
        color: values.color,
        greetingMessage: values.greetingMessage,
        outOfHoursMessage: values.outOfHoursMessage,
        orderQueue: values.orderQueue === "" ? null : Number(values.orderQueue),
        promptId: values.promptId === "" ? null : Number(values.promptId),
        integrationId: values.integrationId === "" ? null : Number(values.integrationId),
        schedules: values.schedules,
      };
      return submit(() => (initial ? updateQueue(initial.id, body) : createQueue(body)));
    },
    // A refused field may sit on a hidden tab: show the tab that holds it.
    (fieldErrors) => {
      if (fieldErrors.schedules) setTab("schedules");
      else setTab("data");
    },
  );

  const idSelect = (
    name: "promptId" | "integrationId",
    id: string,
    label: string,
    options: { id: number; name: string }[],
  ) => (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <TextField
          select
          id={id}
          label={label}
          fullWidth
          name={field.name}
          value={field.value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          inputRef={field.ref}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">
            <em>{t("queueModal.form.none")}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.id} value={String(option.id)}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  const dayLabel = (weekdayEn: string, fallback: string) =>
    i18n.exists(`queueModal.weekdays.${weekdayEn}`) ? t(`queueModal.weekdays.${weekdayEn}`) : fallback;

  return (
    <RecordFormShell
      titleId={titleId}
      onSubmit={onSubmit}
      onCancel={onCancel}
      submitting={isSubmitting}
      cancelLabel={t("queueModal.buttons.cancel")}
      submitLabel={initial ? t("queueModal.buttons.save") : t("queueModal.buttons.add")}
      header={
        <Tabs
          value={tab}
          onChange={(_, value: QueueTab) => setTab(value)}
          sx={{ px: 2, borderBottom: 1, borderColor: "divider" }}
          aria-label={t("queueModal.tabs.label")}
        >
          <Tab value="data" label={t("queueModal.tabs.data")} />
          {queueSchedules ? <Tab value="schedules" label={t("queueModal.tabs.schedules")} /> : null}
          {initial ? <Tab value="options" label={t("queueModal.tabs.options")} /> : null}
        </Tabs>
      }
    >
      <Stack spacing={2} sx={{ display: tab === "data" ? "flex" : "none" }}>
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          <TextField
            {...register("name")}
            id="queue-name"
            label={t("queueModal.form.name")}
            autoFocus
            required
            fullWidth
            autoComplete="off"
            error={Boolean(errors.name)}
            helperText={message(errors.name)}
          />
          <TextField
            {...colorField}
            // The text input itself: the picker in the adornment is an input too, and would be found first.
            inputRef={colorRef}
            id="queue-color"
            label={t("queueModal.form.color")}
            required
            autoComplete="off"
            error={Boolean(errors.color)}
            helperText={message(errors.color)}
            sx={{ minWidth: 180 }}
            slotProps={{
              input: {
                startAdornment: (
                  <Box
                    component="input"
                    type="color"
                    aria-label={t("queueModal.form.pickColor")}
                    value={/^#[0-9a-f]{6}$/i.test(color) ? color : "#000000"}
                    onChange={(event: ChangeEvent<HTMLInputElement>) =>
                      setValue("color", event.target.value.toUpperCase(), { shouldDirty: true, shouldValidate: true })
                    }
                    sx={{ width: 28, height: 28, p: 0, mr: 1, border: 0, bgcolor: "transparent", cursor: "pointer" }}
                  />
                ),
              },
            }}
          />
          <TextField
            {...register("orderQueue")}
            id="queue-order"
            label={t("queueModal.form.orderQueue")}
            autoComplete="off"
            error={Boolean(errors.orderQueue)}
            helperText={message(errors.orderQueue) ?? t("queueModal.form.orderHelp")}
            slotProps={{ htmlInput: { inputMode: "numeric" } }}
            sx={{ minWidth: 140 }}
          />
        </Stack>
        <TextField
          {...register("greetingMessage")}
          id="queue-greeting"
          label={t("queueModal.form.greetingMessage")}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.greetingMessage)}
          helperText={message(errors.greetingMessage)}
        />
        <TextField
          {...register("outOfHoursMessage")}
          id="queue-out-of-hours"
          label={t("queueModal.form.outOfHoursMessage")}
          multiline
          minRows={3}
          fullWidth
          error={Boolean(errors.outOfHoursMessage)}
          helperText={message(errors.outOfHoursMessage)}
        />
        <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
          {idSelect("promptId", "queue-prompt", t("queueModal.form.prompt"), promptOptions)}
          {idSelect("integrationId", "queue-integration", t("queueModal.form.integration"), integrationOptions)}
        </Stack>
      </Stack>
      {queueSchedules ? (
        <Stack spacing={1.5} sx={{ display: tab === "schedules" ? "flex" : "none" }}>
          <Typography variant="body2" color="text.secondary">
            {t("queueModal.schedules.hint")}
          </Typography>
          {schedules.map((day, index) => (
            <Stack key={day.weekdayEn} direction="row" spacing={2} sx={{ alignItems: "center" }}>
              <Typography sx={{ width: 140 }}>{dayLabel(day.weekdayEn, day.weekday)}</Typography>
              <FormDateTimeField
                name={`schedules.${index}.startTime`}
                control={control}
                kind="time"
                size="small"
                label={t("queueModal.schedules.start")}
                error={Boolean(errors.schedules?.[index]?.startTime)}
                helperText={message(errors.schedules?.[index]?.startTime)}
              />
              <FormDateTimeField
                name={`schedules.${index}.endTime`}
                control={control}
                kind="time"
                size="small"
                label={t("queueModal.schedules.end")}
                error={Boolean(errors.schedules?.[index]?.endTime)}
                helperText={message(errors.schedules?.[index]?.endTime)}
              />
            </Stack>
          ))}
        </Stack>
      ) : null}
      {initial && tab === "options" ? <QueueOptionsEditor queueId={initial.id} /> : null}
    </RecordFormShell>
  );
}
