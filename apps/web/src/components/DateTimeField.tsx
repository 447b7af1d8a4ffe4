import "dayjs/locale/pt-br";
import "dayjs/locale/es";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { DateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { enUS, esES, ptBR } from "@mui/x-date-pickers/locales";
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import dayjs, { type Dayjs } from "dayjs";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

/** What the field holds: a day, a day and a time, or a time of day. */
export type DateFieldKind = "date" | "dateTime" | "time";

/**
 * Each kind's text in the form (the native inputs' formats, which the forms and the server
 * already speak) and on screen (the spec's dd/MM/yyyy and HH:mm in every language).
 */
const FORMATS: Record<DateFieldKind, { value: string; display: string }> = {
  date: { value: "YYYY-MM-DD", display: "DD/MM/YYYY" },
  dateTime: { value: "YYYY-MM-DDTHH:mm", display: "DD/MM/YYYY HH:mm" },
  time: { value: "HH:mm", display: "HH:mm" },
};

/** dayjs's locale (month and weekday names) and the picker's own texts for each app language. */
const LOCALES = {
  pt: { adapter: "pt-br", texts: ptBR },
  en: { adapter: "en", texts: enUS },
  es: { adapter: "es", texts: esES },
} as const;

function parse(value: string, kind: DateFieldKind): Dayjs | null {
  if (!value) return null;
  // A time alone is read on an arbitrary day: only its hours and minutes are kept.
  const parsed = kind === "time" ? dayjs(`2000-01-01T${value}`) : dayjs(value);
  return parsed.isValid() ? parsed : null;
}

/** The form's text for a picked value; an unfinished or impossible entry is no value. */
function serialize(date: Dayjs | null, kind: DateFieldKind): string {
  return date?.isValid() ? date.format(FORMATS[kind].value) : "";
}

export interface DateTimeFieldProps {
  kind: DateFieldKind;
  label: string;
  /** The native input's text: yyyy-MM-dd, yyyy-MM-ddTHH:mm or HH:mm; empty for none. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: "small" | "medium";
  fullWidth?: boolean;
}

/**
 * A date, date-time or time field with a picker, typed as dd/MM/yyyy HH:mm whatever the browser's
 * locale (native inputs follow the browser: mm/dd/yyyy in an English one), with the picker's
 * texts in the app's language. Meant for lazy pages only: the picker library is large.
 */
export function DateTimeField({
  kind,
  label,
  value,
  onChange,
  onBlur,
  name,
  id,
  required,
  disabled,
  error,
  helperText,
  size,
  fullWidth,
}: DateTimeFieldProps) {
  const { i18n } = useTranslation();
  const language = (i18n.resolvedLanguage ?? "pt") as keyof typeof LOCALES;
  const locale = LOCALES[language] ?? LOCALES.pt;
  // The picker keeps an unfinished entry (say 24/11/yyyy) as an invalid date; the form only sees
  // "". Holding the picker's own value here stops that "" from wiping what is being typed.
  const [picked, setPicked] = useState(() => parse(value, kind));
  // A value set from outside (a form reset, a loaded record) replaces it.
  const fromForm = parse(value, kind);
  if (serialize(picked, kind) !== value && serialize(fromForm, kind) !== serialize(picked, kind)) setPicked(fromForm);

  const shared = {
    label,
    value: picked,
    format: FORMATS[kind].display,
    disabled,
    name,
    onChange: (next: Dayjs | null) => {
      setPicked(next);
      onChange(serialize(next, kind));
    },
    slotProps: {
      textField: { id, required, error, helperText, size, fullWidth, onBlur },
      field: { clearable: !required && !disabled },
    },
  };

  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale.adapter}
      localeText={locale.texts.components.MuiLocalizationProvider.defaultProps.localeText}
    >
      {kind === "date" ? <DatePicker {...shared} /> : null}
      {kind === "dateTime" ? <DateTimePicker {...shared} ampm={false} /> : null}
      {kind === "time" ? <TimePicker {...shared} ampm={false} /> : null}
    </LocalizationProvider>
  );
}
