import { Avatar } from "@mui/material";
import { getContrastRatio, ThemeProvider } from "@mui/material/styles";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { createAppTheme } from "../../theme/theme";
import { letterAvatarColors, readableTextColor } from "./letterAvatar";

afterEach(cleanup);

describe("letter avatars", () => {
  it.each(["light", "dark"] as const)("draw the letter at 4.5:1 or better on the avatar's grey (%s theme)", (mode) => {
    render(
      <ThemeProvider theme={createAppTheme(mode)}>
        <Avatar data-testid="avatar" sx={(theme) => ({ width: 32, height: 32, ...letterAvatarColors(theme) })}>
          M
        </Avatar>
      </ThemeProvider>,
    );
    const style = getComputedStyle(screen.getByTestId("avatar"));
    expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it("picks black or white so that any background reaches 4.5:1", () => {
    for (let level = 0; level <= 255; level += 5) {
      const hex = level.toString(16).padStart(2, "0");
      for (const background of [`#${hex}${hex}${hex}`, `#${hex}0000`, `#00${hex}00`, `#0000${hex}`, `#FFC4${hex}`]) {
        const ratio = getContrastRatio(background, readableTextColor(background));
        expect({ background, enough: ratio >= 4.5 }).toEqual({ background, enough: true });
      }
    }
  });
});
