import { Button, Tab, Tabs } from "@mui/material";
import { getContrastRatio, ThemeProvider } from "@mui/material/styles";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createAppTheme } from "./theme";

const WHITE = "#FFFFFF";

function renderInTheme(mode: "light" | "dark") {
  render(
    <ThemeProvider theme={createAppTheme(mode)}>
      <Button>text</Button>
      <Button variant="outlined">outlined</Button>
      <Tabs value={0}>
        <Tab label="selected" />
        <Tab label="other" />
      </Tabs>
    </ThemeProvider>,
  );
}

describe("the light theme's primary as text", () => {
  it("reads at 4.5:1 or better on white: text and outlined buttons, the selected tab", () => {
    renderInTheme("light");
    for (const name of ["text", "outlined", "selected"]) {
      const color = getComputedStyle(screen.getByRole(name === "selected" ? "tab" : "button", { name })).color;
      expect({ name, ratio: getContrastRatio(color, WHITE) >= 4.5 }).toEqual({ name, ratio: true });
    }
  });

  it("keeps the spec's yellow for filled buttons", () => {
    render(
      <ThemeProvider theme={createAppTheme("light")}>
        <Button variant="contained">filled</Button>
      </ThemeProvider>,
    );
    const background = getComputedStyle(screen.getByRole("button", { name: "filled" })).backgroundColor;
    expect(getContrastRatio(background, "#FFC400")).toBe(1);
  });
});
