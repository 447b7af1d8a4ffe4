import { Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import type { NodeDialogProps } from "./types";
import { appendPlaceholder, VariableChips } from "./VariableChips";

/** A message node's text, with the flow's answer variables to insert. */
export function MessageDialog({
  mode,
  initial,
  onClose,
  onSave,
  variables,
}: NodeDialogProps<"message"> & { variables: readonly string[] }) {
  const { t } = useTranslation();
  const [text, setText] = useState(initial?.label ?? "");
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    if (text.trim() === "") {
      setError(t("flowBuilder.validation.contentEmptyText"));
      return false;
    }
    return () => onSave({ label: text });
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-message-title"
      titles={{ create: t("flowBuilder.message.titleCreate"), edit: t("flowBuilder.message.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={1.5}>
        <TextField
          label={t("flowBuilder.message.text")}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setError(null);
          }}
          multiline
          minRows={5}
          fullWidth
          autoFocus
          required
          error={Boolean(error)}
          helperText={error}
        />
        <VariableChips
          variables={variables}
          onInsert={(placeholder) => setText(appendPlaceholder(text, placeholder))}
        />
      </Stack>
    </FlowDialog>
  );
}
