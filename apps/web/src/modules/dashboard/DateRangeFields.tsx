import { TextField } from "@mui/material";
import { useTranslation } from "react-i18next";

export interface DateRangeFieldsProps {
  from: string;
  to: string;
  /** Marks the end date as wrong. */
  invalid: boolean;
  onFromChange: (value: string) => void;
  onToChange: (value: string) => void;
}

/** The start and end date inputs of a dashboard filter (the page's and each chart's). */
export function DateRangeFields({ from, to, invalid, onFromChange, onToChange }: DateRangeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        label={t("dashboard.filters.initialDate")}
        value={from}
        onChange={(event) => onFromChange(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
      <TextField
        type="date"
        size="small"
        fullWidth={false}
        label={t("dashboard.filters.finalDate")}
        value={to}
        error={invalid}
        onChange={(event) => onToChange(event.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
      />
    </>
  );
}
