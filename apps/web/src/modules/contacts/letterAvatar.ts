import { getContrastRatio, type Theme } from "@mui/material/styles";

const BLACK = "#000000";
const WHITE = "#FFFFFF";

/**
 * Black or white, whichever reads better on `background`. One of the two always reaches at least
 * 4.58:1 (the worst case is a mid grey, where both are about √21:1), so the letter meets WCAG AA's 4.5:1
 * on any background colour.
 */
export function readableTextColor(background: string): typeof BLACK | typeof WHITE {
  return getContrastRatio(background, BLACK) >= getContrastRatio(background, WHITE) ? BLACK : WHITE;
}

/**
 * A contact's letter avatar (no picture): MUI's default avatar greys, with the letter's colour computed
 * from the grey. MUI draws the letter in the page background's colour, which on the light theme's
 * grey reads at 1.72:1.
 */
export function letterAvatarColors(theme: Theme): { bgcolor: string; color: string } {
  const bgcolor = theme.palette.mode === "dark" ? theme.palette.grey[600] : theme.palette.grey[400];
  return { bgcolor, color: readableTextColor(bgcolor) };
}
