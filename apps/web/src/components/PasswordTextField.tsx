import Visibility from "@mui/icons-material/Visibility";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import { IconButton, InputAdornment, TextField, type TextFieldProps } from "@mui/material";
import { useState } from "react";

export type PasswordTextFieldProps = Omit<TextFieldProps, "type" | "slotProps"> & {
  /** The show/hide button's labels; without them the field has no such button. */
  toggleLabels?: { show: string; hide: string };
};

/** A password TextField, with an optional button that shows or hides what was typed. */
export function PasswordTextField({ toggleLabels, ...props }: PasswordTextFieldProps) {
  const [showPassword, setShowPassword] = useState(false);
  return (
    <TextField
      {...props}
      type={showPassword ? "text" : "password"}
      slotProps={
        toggleLabels
          ? {
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      aria-label={showPassword ? toggleLabels.hide : toggleLabels.show}
                      onClick={() => setShowPassword((value) => !value)}
                      edge="end"
                    >
                      {showPassword ? <VisibilityOff /> : <Visibility />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }
          : undefined
      }
    />
  );
}
