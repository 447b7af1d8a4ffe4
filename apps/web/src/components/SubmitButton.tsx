import { Button, type ButtonProps, CircularProgress } from "@mui/material";

export interface SubmitButtonProps extends Omit<ButtonProps, "type" | "variant" | "disabled" | "startIcon"> {
  /** The form is submitting: the button is disabled and shows a spinner. */
  submitting: boolean;
  spinnerSize?: number;
}

/** A form's contained submit button, disabled with a spinner while the form is submitting. */
export function SubmitButton({ submitting, spinnerSize = 16, ...props }: SubmitButtonProps) {
  return (
    <Button
      {...props}
      type="submit"
      variant="contained"
      disabled={submitting}
      startIcon={submitting ? <CircularProgress size={spinnerSize} color="inherit" /> : undefined}
    />
  );
}
