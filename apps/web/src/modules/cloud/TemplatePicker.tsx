import { type CloudTemplate, renderTemplate, type TemplateChoice } from "@atendo/shared";
import { Box, MenuItem, Stack, TextField, Typography } from "@mui/material";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { api } from "../../api/client";

/** The approved templates of a Cloud API connection's business account (cached per connection). */
export const cloudTemplatesKey = (whatsappId: number) => ["whatsapp", whatsappId, "templates"] as const;

export function fetchTemplates(whatsappId: number, signal?: AbortSignal) {
  return api.get("/whatsapp/{id}/templates", { params: { id: whatsappId }, signal });
}

const templateKey = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/** Whether a choice names a template and gives every variable it has. */
export function templateChoiceComplete(choice: TemplateChoice | null, template: CloudTemplate | undefined): boolean {
  return Boolean(
    choice &&
      template &&
      choice.variables.length === template.variables &&
      choice.variables.every((value) => value.trim()),
  );
}

export interface TemplatePickerProps {
  /** The Cloud API connection whose business account's templates are offered. */
  whatsappId: number;
  value: TemplateChoice | null;
  onChange: (choice: TemplateChoice | null) => void;
  /** A choice may be left empty (campaigns and schedules: the template is optional). */
  optional?: boolean;
  disabled?: boolean;
  /** Shown under the select; a variable's hint goes under its field. */
  helperText?: string;
  variableHint?: string;
}

/**
 * An approved template of the connection's WhatsApp Business account with a field per {{n}}
 * variable and a preview of the text: the composer outside the 24-hour window, and the campaign
 * and schedule dialogs on a Cloud API connection.
 */
export function TemplatePicker({
  whatsappId,
  value,
  onChange,
  optional = false,
  disabled = false,
  helperText,
  variableHint,
}: TemplatePickerProps) {
  const { t } = useTranslation();
  const templates = useQuery({
    queryKey: cloudTemplatesKey(whatsappId),
    queryFn: ({ signal }) => fetchTemplates(whatsappId, signal),
    enabled: whatsappId > 0,
  });
  const list = templates.data?.templates ?? [];
  const template = value ? list.find((candidate) => templateKey(candidate) === templateKey(value)) : undefined;
  // A stored choice stays offered while the list loads, or after Meta stopped approving it.
  const stored = value && !template ? value : null;

  return (
    <Stack spacing={1.5}>
      <TextField
        select
        size="small"
        id={`template-picker-${whatsappId}`}
        label={t("conversation.templates.choose")}
        value={value ? templateKey(value) : ""}
        disabled={disabled}
        onChange={(event) => {
          const next = list.find((candidate) => templateKey(candidate) === event.target.value);
          onChange(
            next
              ? {
                  name: next.name,
                  language: next.language,
                  variables: Array.from({ length: next.variables }, () => ""),
                }
              : null,
          );
        }}
        slotProps={{ select: { displayEmpty: optional }, inputLabel: optional ? { shrink: true } : undefined }}
        helperText={
          templates.isError
            ? t("conversation.templates.loadError")
            : templates.data && list.length === 0
              ? t("conversation.templates.none")
              : helperText
        }
      >
        {optional && (
          <MenuItem value="">
            <em>{t("conversation.templates.noTemplate")}</em>
          </MenuItem>
        )}
        {stored && (
          <MenuItem value={templateKey(stored)}>
            {stored.name} ({stored.language})
          </MenuItem>
        )}
        {list.map((option) => (
          <MenuItem key={templateKey(option)} value={templateKey(option)}>
            {option.name} ({option.language})
          </MenuItem>
        ))}
      </TextField>
      {value && template && (
        <>
          {value.variables.map((variable, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: a variable is its position ({{1}}, {{2}}...)
              key={index}
              size="small"
              label={t("conversation.templates.variable", { n: index + 1 })}
              value={variable}
              disabled={disabled}
              required
              helperText={variableHint}
              onChange={(event) =>
                onChange({
                  ...value,
                  variables: value.variables.map((old, at) => (at === index ? event.target.value : old)),
                })
              }
            />
          ))}
          <Box sx={{ bgcolor: "action.hover", borderRadius: 1, p: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {t("conversation.templates.preview")}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: "pre-wrap" }}>
              {renderTemplate(template.body, value.variables)}
            </Typography>
          </Box>
        </>
      )}
    </Stack>
  );
}

/** The definition of a chosen template, from the cached list (undefined while it loads). */
export function useChosenTemplate(whatsappId: number, choice: TemplateChoice | null): CloudTemplate | undefined {
  const templates = useQuery({
    queryKey: cloudTemplatesKey(whatsappId),
    queryFn: ({ signal }) => fetchTemplates(whatsappId, signal),
    enabled: whatsappId > 0 && choice !== null,
  });
  return choice ? templates.data?.templates.find((item) => templateKey(item) === templateKey(choice)) : undefined;
}
