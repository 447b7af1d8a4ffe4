import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField } from "@mui/material";

export interface SearchFieldProps {
  /** Shown as the placeholder and given as the field's accessible name. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's minimum width from the `sm` breakpoint up (full width below). */
  minWidth: number;
  /** A hint under the field, laid over what follows so the header does not grow. */
  hint?: string;
}

/** The search box of a list page's header: a search input with its magnifier icon. */
export function SearchField({ label, value, onChange, minWidth, hint }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      // The theme makes fields full width; in a header that pushes the buttons onto a line of their own.
      fullWidth={false}
      type="search"
      placeholder={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={hint}
      slotProps={{
        htmlInput: { "aria-label": label },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" color="action" />
            </InputAdornment>
          ),
        },
        formHelperText: { sx: { position: "absolute", top: "100%", m: 0, mt: 0.25 } },
      }}
      sx={{ minWidth: { xs: "100%", sm: minWidth }, position: "relative" }}
    />
  );
}
