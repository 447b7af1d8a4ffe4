import SearchIcon from "@mui/icons-material/Search";
import { InputAdornment, TextField, useMediaQuery, useTheme } from "@mui/material";
import { type RefObject, useLayoutEffect, useRef, useState } from "react";

export interface SearchFieldProps {
  /** Shown as the placeholder and given as the field's accessible name. */
  label: string;
  /**
   * The placeholder on phones, where the search shares its line with the primary button: a shorter
   * wording of `label` for the ones that would be cut there. The accessible name stays `label`.
   */
  phoneLabel?: string;
  value: string;
  onChange: (value: string) => void;
  /** The field's minimum width from the `sm` breakpoint up (full width below). */
  minWidth: number;
  /** A hint under the field, laid over what follows so the header does not grow. */
  hint?: string;
}

/**
 * The width, in pixels, of `text` in the input's own font; null until measured (or where the
 * browser has no canvas). Measured rather than guessed from its length: the placeholder is the
 * field's only label, and a fixed width cut the longer languages' at 1366 px.
 */
function useTextWidth(input: RefObject<HTMLInputElement | null>, text: string): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    let active = true;
    const measure = () => {
      const element = input.current;
      const context = element ? document.createElement("canvas").getContext("2d") : null;
      if (!element || !context || !active) return;
      const style = getComputedStyle(element);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      if ("letterSpacing" in context && style.letterSpacing !== "normal") context.letterSpacing = style.letterSpacing;
      setWidth(Math.ceil(context.measureText(text).width) + 2);
    };
    measure();
    // A web font that arrives later draws the text wider or narrower than the fallback measured.
    void document.fonts?.ready.then(measure);
    return () => {
      active = false;
    };
  }, [input, text]);
  return width;
}

/**
 * The search box of a list page's header: a search input with its magnifier icon. From the `md`
 * breakpoint up it is never narrower than its placeholder; its text is the size of the header's
 * buttons, so the longer placeholders still leave the title, the search and the primary button one row.
 */
export function SearchField({ label, phoneLabel, value, onChange, minWidth, hint }: SearchFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  // Material's theme (its default without a provider), not the system's, which has no breakpoints then.
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const placeholderWidth = useTextWidth(input, label);
  return (
    <TextField
      size="small"
      // The theme makes fields full width; in a header that pushes the buttons onto a line of their own.
      fullWidth={false}
      type="search"
      placeholder={phone && phoneLabel ? phoneLabel : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={hint}
      inputRef={input}
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
      sx={(theme) => ({
        minWidth: { xs: "100%", sm: minWidth },
        position: "relative",
        "& .MuiInputBase-input": {
          ...theme.typography.body2,
          minWidth: placeholderWidth === null ? undefined : { md: placeholderWidth },
        },
        // Chromium keeps room for the clear button even while it is hidden, which cut the placeholder's end.
        "& .MuiInputBase-input:placeholder-shown::-webkit-search-cancel-button": { display: "none" },
      })}
    />
  );
}
