import { useTranslation } from "react-i18next";
import { DateTimeField } from "../../components/DateTimeField";

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
      <DateTimeField
        kind="date"
        size="small"
        label={t("dashboard.filters.initialDate")}
        value={from}
        onChange={onFromChange}
      />
      <DateTimeField
        kind="date"
        size="small"
        label={t("dashboard.filters.finalDate")}
        value={to}
        error={invalid}
        onChange={onToChange}
      />
    </>
  );
}
