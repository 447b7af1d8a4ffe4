import { TextField } from "@mui/material";
import type { FieldError, UseFormRegisterReturn } from "react-hook-form";
import { PasswordTextField, type PasswordTextFieldProps } from "../../components/PasswordTextField";
import { useFieldError } from "./useFieldError";

interface AuthFieldProps {
  /** What `register(name)` returns. */
  registration: UseFormRegisterReturn;
  label: string;
  error: FieldError | undefined;
  autoFocus?: boolean;
}

/** The auth forms' required e-mail field (id "email"), its error translated under it. */
export function EmailField({ registration, label, error, autoFocus }: AuthFieldProps) {
  const fieldError = useFieldError();
  return (
    <TextField
      {...registration}
      id="email"
      label={label}
      type="email"
      autoComplete="email"
      autoFocus={autoFocus}
      required
      error={Boolean(error)}
      helperText={fieldError(error)}
    />
  );
}

interface PasswordFieldProps extends AuthFieldProps {
  id?: string;
  autoComplete?: "current-password" | "new-password";
  /** Shown under the field while it has no error. */
  hint?: string;
  toggleLabels?: PasswordTextFieldProps["toggleLabels"];
}

/** The auth forms' required password field, its error (else the hint) translated under it. */
export function PasswordField({
  registration,
  label,
  error,
  autoFocus,
  id = "password",
  autoComplete = "new-password",
  hint,
  toggleLabels,
}: PasswordFieldProps) {
  const fieldError = useFieldError();
  return (
    <PasswordTextField
      {...registration}
      id={id}
      label={label}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      error={Boolean(error)}
      helperText={fieldError(error) ?? hint}
      toggleLabels={toggleLabels}
    />
  );
}
