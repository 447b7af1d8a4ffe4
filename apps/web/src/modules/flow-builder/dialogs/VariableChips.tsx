import { Chip, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/**
 * The answer variables of the flow's questions, offered as `{{name}}` placeholders
 * (document 2 section 3); a click appends one to the text being written.
 */
export function VariableChips({
  variables,
  onInsert,
}: {
  variables: readonly string[];
  onInsert: (text: string) => void;
}) {
  const { t } = useTranslation();
  if (variables.length === 0) return null;
  return (
    <Stack direction="row" sx={{ flexWrap: "wrap", gap: 0.5, alignItems: "center" }}>
      <Typography variant="caption" color="text.secondary" sx={{ mr: 0.5 }}>
        {t("flowBuilder.variables")}
      </Typography>
      {variables.map((name) => (
        <Chip
          key={name}
          size="small"
          variant="outlined"
          label={`{{${name}}}`}
          onClick={() => onInsert(`{{${name}}}`)}
        />
      ))}
    </Stack>
  );
}

/** The text with a placeholder appended, a space between when the text does not end in one. */
export const appendPlaceholder = (text: string, placeholder: string) =>
  text === "" || /\s$/.test(text) ? `${text}${placeholder}` : `${text} ${placeholder}`;
