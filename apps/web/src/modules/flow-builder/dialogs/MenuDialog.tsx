import { FLOW_LIMITS } from "@atendo/shared";
import AddIcon from "@mui/icons-material/Add";
import DeleteOutlineIcon from "@mui/icons-material/DeleteOutlined";
import { Button, FormHelperText, IconButton, InputAdornment, Stack, TextField, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FlowDialog } from "./FlowDialog";
import { type MenuOption, removableOption, withNextOption, withoutLastOption } from "./rules";
import type { NodeDialogProps } from "./types";
import { appendPlaceholder, VariableChips } from "./VariableChips";

interface MenuErrors {
  message?: string;
  options?: string;
  values: Record<number, string>;
}

/**
 * A menu node: its message and the options the customer answers with, numbered
 * from 1; an option is added after the last, and only the last can be removed,
 * so the numbers (and each option's connection, a{n}) never shift.
 */
export function MenuDialog({
  mode,
  initial,
  onClose,
  onSave,
  variables,
}: NodeDialogProps<"menu"> & { variables: readonly string[] }) {
  const { t } = useTranslation();
  const [message, setMessage] = useState(initial?.message ?? "");
  const [options, setOptions] = useState<MenuOption[]>(initial?.arrayOption ?? withNextOption([]));
  const [errors, setErrors] = useState<MenuErrors>({ values: {} });
  const last = removableOption(options);

  const submit = () => {
    const found: MenuErrors = { values: {} };
    if (message.trim() === "") found.message = t("flowBuilder.validation.required");
    if (options.length === 0) found.options = t("flowBuilder.validation.menuNoOptions");
    for (const option of options) {
      if (option.value.trim() === "") found.values[option.number] = t("flowBuilder.validation.required");
    }
    if (found.message || found.options || Object.keys(found.values).length > 0) {
      setErrors(found);
      return false;
    }
    return () => onSave({ message, arrayOption: options.map((option) => ({ ...option, value: option.value.trim() })) });
  };

  const setOption = (number: number, value: string) => {
    setOptions((current) => current.map((option) => (option.number === number ? { ...option, value } : option)));
    setErrors((current) => ({ ...current, values: { ...current.values, [number]: "" } }));
  };

  return (
    <FlowDialog
      open
      mode={mode}
      titleId="flow-menu-title"
      titles={{ create: t("flowBuilder.menu.titleCreate"), edit: t("flowBuilder.menu.titleEdit") }}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2}>
        <TextField
          label={t("flowBuilder.menu.message")}
          value={message}
          onChange={(event) => {
            setMessage(event.target.value);
            setErrors((current) => ({ ...current, message: undefined }));
          }}
          multiline
          minRows={3}
          fullWidth
          autoFocus
          required
          error={Boolean(errors.message)}
          helperText={errors.message}
        />
        <VariableChips
          variables={variables}
          onInsert={(placeholder) => setMessage(appendPlaceholder(message, placeholder))}
        />
        <Typography variant="subtitle2" component="h3">
          {t("flowBuilder.menu.options")}
        </Typography>
        {options.map((option) => (
          <Stack key={option.number} direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
            <TextField
              label={t("flowBuilder.menu.option", { number: option.number })}
              value={option.value}
              onChange={(event) => setOption(option.number, event.target.value)}
              fullWidth
              size="small"
              required
              error={Boolean(errors.values[option.number])}
              helperText={errors.values[option.number] || undefined}
              slotProps={{
                htmlInput: { maxLength: FLOW_LIMITS.short },
                input: { startAdornment: <InputAdornment position="start">{`[${option.number}]`}</InputAdornment> },
              }}
            />
            {option.number === last ? (
              <IconButton
                aria-label={t("flowBuilder.menu.removeOption", { number: option.number })}
                onClick={() => setOptions(withoutLastOption)}
              >
                <DeleteOutlineIcon />
              </IconButton>
            ) : null}
          </Stack>
        ))}
        {errors.options ? <FormHelperText error>{errors.options}</FormHelperText> : null}
        <Button
          startIcon={<AddIcon />}
          onClick={() => {
            setOptions(withNextOption);
            setErrors((current) => ({ ...current, options: undefined }));
          }}
          disabled={options.length >= FLOW_LIMITS.menuOptions}
          sx={{ alignSelf: "flex-start" }}
        >
          {t("flowBuilder.menu.addOption")}
        </Button>
      </Stack>
    </FlowDialog>
  );
}
