import { QuestionNodeData } from "@atendo/shared";
import { Stack, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import { checkWith, type FieldErrors } from "./fieldErrors";
import type { NodeDialogProps } from "./types";
import { appendPlaceholder, VariableChips } from "./VariableChips";

/**
 * A question node: the message asked, and the variable ('Salvar resposta') the
 * customer's answer is kept in, which later texts write as {{name}}.
 */
export function QuestionDialog({
  mode,
  initial,
  onClose,
  onSave,
  variables,
}: NodeDialogProps<"question"> & { variables: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const [message, setMessage] = useState(initial?.typebotIntegration.message ?? "");
  const [answerKey, setAnswerKey] = useState(initial?.typebotIntegration.answerKey ?? "");
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = () => {
    const checked = checkWith(QuestionNodeData, { typebotIntegration: { message, answerKey } }, t, (key) =>
      i18n.exists(key),
    );
    if (checked.errors) {
      // The schema's pattern refuses an empty key too; say what the spec says: it is required.
      if (answerKey.trim() === "")
        checked.errors["typebotIntegration.answerKey"] = t("flowBuilder.validation.required");
      setErrors(checked.errors);
      return false;
    }
    return () => onSave(checked.data);
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-question-title"
      titles={{ create: t("flowBuilder.question.titleCreate"), edit: t("flowBuilder.question.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <TextField
          label={t("flowBuilder.question.message")}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setErrors((current) => ({ ...current, "typebotIntegration.message": undefined }));
          }}
          multiline
          rows={7}
          fullWidth
          autoFocus
          required
          error={Boolean(errors["typebotIntegration.message"])}
          helperText={errors["typebotIntegration.message"]}
        />
        <VariableChips
          variables={variables}
          onInsert={(placeholder) => setMessage(appendPlaceholder(message, placeholder))}
        />
        <TextField
          label={t("flowBuilder.question.answerKey")}
          value={answerKey}
          onChange={(event) => {
            setAnswerKey(event.target.value);
            setErrors((current) => ({ ...current, "typebotIntegration.answerKey": undefined }));
          }}
          fullWidth
          required
          error={Boolean(errors["typebotIntegration.answerKey"])}
          helperText={errors["typebotIntegration.answerKey"] ?? t("flowBuilder.question.answerKeyHint")}
        />
      </Stack>
    </FlowDialog>
  );
}
