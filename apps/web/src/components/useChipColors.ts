import { useTheme } from "@mui/material";

/**
 * Colours a chip with a record's colour (a tag's, a queue's) and a readable text on it;
 * a colour string the theme cannot read leaves the chip in the theme's own colours.
 */
export function useChipColors() {
  const theme = useTheme();
  return (color: string) => {
    try {
      return { bgcolor: color, color: theme.palette.getContrastText(color) };
    } catch {
      return {};
    }
  };
}
