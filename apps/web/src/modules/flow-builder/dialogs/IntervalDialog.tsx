import { FLOW_INTERVAL_MAX_SECONDS } from "@atendo/shared";
import { InputAdornment, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import { intervalError } from "./rules";
import type { NodeDialogProps } from "./types";

/** An interval node's wait, 1 to 120 seconds. */
export function IntervalDialog({ mode, initial, onClose, onSave }: NodeDialogProps<"interval">) {
  const { t } = useTranslation();
  const [seconds, setSeconds] = useState(initial ? String(initial.sec) : "");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    const problem = intervalError(seconds);
    if (problem) {
      setError(t(`flowBuilder.validation.${problem}`));
      return false;
    }
    return () => onSave({ sec: Number(seconds) });
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-interval-title"
      titles={{ create: t("flowBuilder.interval.titleCreate"), edit: t("flowBuilder.interval.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
      maxWidth="xs"
    >
      <TextField
        label={t("flowBuilder.interval.seconds")}
        type="number"
        value={seconds}
        onChange={(event) => {
          setSeconds(event.target.value);
          setError(null);
        }}
        fullWidth
        autoFocus
        required
        error={Boolean(error)}
        helperText={error ?? t("flowBuilder.interval.hint", { max: FLOW_INTERVAL_MAX_SECONDS })}
        slotProps={{
          htmlInput: { min: 1, max: FLOW_INTERVAL_MAX_SECONDS, step: 1 },
          input: { endAdornment: <InputAdornment position="end">{t("flowBuilder.interval.unit")}</InputAdornment> },
        }}
      />
    </FlowDialog>
  );
}
