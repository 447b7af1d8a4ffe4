import type { QueueSummary } from "@atendo/shared";
import { Box, Checkbox, Chip, ListItemText, MenuItem, type SxProps, TextField, type Theme } from "@mui/material";
import type { RefCallBack } from "react-hook-form";

/** The react-hook-form field (from a `Controller`) that holds the chosen queue ids. */
interface QueueIdsField {
  name: string;
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur: () => void;
  ref: RefCallBack;
}

export interface QueueSelectFieldProps {
  id: string;
  label: string;
  field: QueueIdsField;
  options: readonly QueueSummary[];
  helperText?: string;
  /** How a chosen queue's chip is coloured from the queue's colour. */
  chipColors: (color: string) => SxProps<Theme>;
}

/** A multiple select of queues: each option with its colour dot, the chosen ones as coloured chips. */
export function QueueSelectField({ id, label, field, options, helperText, chipColors }: QueueSelectFieldProps) {
  return (
    <TextField
      select
      id={id}
      label={label}
      fullWidth
      name={field.name}
      value={field.value}
      onChange={(event) => {
        const value = event.target.value as unknown;
        const ids = Array.isArray(value) ? value : String(value).split(",");
        field.onChange(ids.map(Number).filter((queueId) => Number.isInteger(queueId) && queueId > 0));
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      helperText={helperText}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {(selected as number[]).map((queueId) => {
                const queue = options.find((option) => option.id === queueId);
                return (
                  <Chip
                    key={queueId}
                    size="small"
                    label={queue?.name ?? `#${queueId}`}
                    sx={queue ? chipColors(queue.color) : undefined}
                  />
                );
              })}
            </Box>
          ),
        },
      }}
    >
      {options.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          <Checkbox size="small" checked={field.value.includes(queue.id)} sx={{ mr: 1, p: 0.5 }} />
          <Box
            aria-hidden
            sx={{ width: 12, height: 12, borderRadius: "50%", bgcolor: queue.color, mr: 1, flexShrink: 0 }}
          />
          <ListItemText primary={queue.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The loaded queues plus the record's own, so a stored queue stays visible when the list cannot be read. */
export function withStoredQueues(
  loaded: readonly QueueSummary[] | undefined,
  stored: readonly QueueSummary[] | undefined,
): QueueSummary[] {
  const options = [...(loaded ?? [])];
  for (const queue of stored ?? []) {
    if (!options.some((option) => option.id === queue.id)) options.push(queue);
  }
  return options;
}
