import "dayjs/locale/pt-br";
import "dayjs/locale/es";
import { AdapterDayjs } from "@mui/x-date-pickers/AdapterDayjs";
import { DatePicker } from "@mui/x-date-pickers/DatePicker";
import { DateTimePicker as MuiDateTimePicker } from "@mui/x-date-pickers/DateTimePicker";
import { LocalizationProvider } from "@mui/x-date-pickers/LocalizationProvider";
import { enUS, esES, ptBR } from "@mui/x-date-pickers/locales";
import { TimePicker } from "@mui/x-date-pickers/TimePicker";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type DateFieldKind, type DateTimeFieldProps, FORMATS, TIME_DAY } from "./DateTimeField";

/** dayjs's locale (month and weekday names) and the picker's own texts for each app language. */
const LOCALES = {
  pt: { adapter: "pt-br", texts: ptBR },
  en: { adapter: "en", texts: enUS },
  es: { adapter: "es", texts: esES },
} as const;

function parse(value: string, kind: DateFieldKind): Dayjs | null {
  if (!value) return null;
  const parsed = dayjs(kind === "time" ? `${TIME_DAY}T${value}` : value);
  return parsed.isValid() ? parsed : null;
}

/** The form's text for a picked value; an unfinished or impossible entry is no value. */
function serialize(date: Dayjs | null, kind: DateFieldKind): string {
  return date?.isValid() ? date.format(FORMATS[kind].value) : "";
}

/** The picker behind DateTimeField, in a chunk of its own (see DateTimeField.tsx). */
export default function DateTimePicker({
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
      {kind === "dateTime" ? <MuiDateTimePicker {...shared} ampm={false} /> : null}
      {kind === "time" ? <TimePicker {...shared} ampm={false} /> : null}
    </LocalizationProvider>
  );
}
