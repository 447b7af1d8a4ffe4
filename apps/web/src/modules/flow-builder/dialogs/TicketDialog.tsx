import { Box, MenuItem, Stack, TextField } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { fetchQueues, flowBuilderKeys } from "../flowBuilderApi";
import { FlowDialog } from "./FlowDialog";
import type { NodeDialogProps } from "./types";

/** The queue a ticket node moves the conversation to, picked from the company's queues. */
export function TicketDialog({ mode, initial, onClose, onSave }: NodeDialogProps<"ticket">) {
  const { t } = useTranslation();
  const queues = useQuery({ queryKey: flowBuilderKeys.queues(), queryFn: ({ signal }) => fetchQueues(signal) });
  const [queueId, setQueueId] = useState<number | "">(initial?.data.id ?? "");
  const [error, setError] = useState<string | null>(null);

  // The stored queue stays listed (by its stored name) even if it can no longer be read.
  const options = (queues.data ?? []).map(({ id, name, color }) => ({ id, name, color }));
  if (initial && !options.some((queue) => queue.id === initial.data.id)) {
    options.push({ id: initial.data.id, name: initial.data.name, color: initial.data.color ?? "" });
  }

  const submit = () => {
    const queue = options.find((option) => option.id === queueId);
    if (!queue) {
      setError(t("flowBuilder.validation.queueRequired"));
      return false;
    }
    return () => onSave({ data: { id: queue.id, name: queue.name, color: queue.color || undefined } });
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-ticket-title"
      titles={{ create: t("flowBuilder.ticket.titleCreate"), edit: t("flowBuilder.ticket.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        select
        id="flow-ticket-queue"
        label={t("flowBuilder.ticket.queue")}
        value={queueId}
        onChange={(event) => {
          setQueueId(Number(event.target.value));
          setError(null);
        }}
        fullWidth
        autoFocus
        required
        error={Boolean(error)}
        helperText={error ?? (queues.isSuccess && options.length === 0 ? t("flowBuilder.ticket.noQueues") : undefined)}
      >
        {options.map((queue) => (
          <MenuItem key={queue.id} value={queue.id}>
            <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
              <Box
                aria-hidden
                sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color || "grey.500" }}
              />
              <span>{queue.name}</span>
            </Stack>
          </MenuItem>
        ))}
      </TextField>
    </FlowDialog>
  );
}
