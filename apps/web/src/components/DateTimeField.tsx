import { TextField } from "@mui/material";
import { lazy, type ReactNode, Suspense } from "react";
import { formatDate, formatDateTime } from "../utils/date";

/** What the field holds: a day, a day and a time, or a time of day. */
export type DateFieldKind = "date" | "dateTime" | "time";

/**
 * Each kind's text in the form (the native inputs' formats, which the forms and the server
 * already speak) and on screen (the spec's dd/MM/yyyy and HH:mm in every language).
 */
export const FORMATS: Record<DateFieldKind, { value: string; display: string }> = {
  date: { value: "YYYY-MM-DD", display: "DD/MM/YYYY" },
  dateTime: { value: "YYYY-MM-DDTHH:mm", display: "DD/MM/YYYY HH:mm" },
  time: { value: "HH:mm", display: "HH:mm" },
};

/** A time alone is read on an arbitrary day: only its hours and minutes are kept. */
export const TIME_DAY = "2000-01-01";

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

// The picker library is large: its chunk loads with the first field shown, not with the page.
const DateTimePicker = lazy(() => import("./DateTimePicker"));

function shownText(value: string, kind: DateFieldKind): string {
  if (kind === "time") return value;
  // yyyy-MM-dd alone would be read as UTC midnight: a local time keeps the day.
  const local = kind === "date" ? `${value}T00:00` : value;
  return kind === "date" ? formatDate(local) : formatDateTime(local);
}

/**
 * A date, date-time or time field with a picker, typed as dd/MM/yyyy HH:mm whatever the browser's
 * locale (native inputs follow the browser: mm/dd/yyyy in an English one), with the picker's
 * texts in the app's language. Until the picker has loaded, the same text shows read-only.
 */
export function DateTimeField(props: DateTimeFieldProps) {
  const fallback = (
    <TextField
      id={props.id}
      label={props.label}
      value={shownText(props.value, props.kind)}
      size={props.size}
      fullWidth={props.fullWidth}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <DateTimePicker {...props} />
    </Suspense>
  );
}
