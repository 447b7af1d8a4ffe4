import type { Locator } from "@playwright/test";
import { DEMO, expect, loginThroughForm, test } from "./support";

// Layout faults found in the screenshot review of issue 14, each held at the width where it showed.

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} has no box`);
  return found;
}

test("at 390 px a list header's secondary buttons fill their rows, level with the search line above them", async ({
  page,
}) => {
  await loginThroughForm(page, DEMO.admin);
  await expect(page).toHaveURL(/\/tickets$/);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/contacts");
  await expect(page.getByRole("heading", { level: 1, name: "Contatos" })).toBeVisible();
  // The search line runs from the page's left edge (the heading's) to the primary button's right edge.
  const heading = await box(page.getByRole("heading", { level: 1, name: "Contatos" }));
  const search = await box(page.getByRole("searchbox"));
  const primary = await box(page.getByRole("button", { name: "Adicionar contato", exact: true }));
  const secondary = [
    await box(page.getByRole("button", { name: "Importar", exact: true })),
    await box(page.getByRole("button", { name: "Importar do celular", exact: true })),
    await box(page.getByRole("button", { name: "Exportar", exact: true })),
  ];
  const left = heading.x;
  const right = primary.x + primary.width;
  // Group the buttons by the row they sit on; each row spans the search line's width.
  const rows = new Map<number, typeof secondary>();
  for (const button of secondary) {
    expect(button.y, "secondary buttons under the search line").toBeGreaterThanOrEqual(search.y + search.height);
    const row = Math.round(button.y);
    rows.set(row, [...(rows.get(row) ?? []), button]);
  }
  for (const [row, buttons] of rows) {
    const first = Math.min(...buttons.map((button) => button.x));
    const last = Math.max(...buttons.map((button) => button.x + button.width));
    expect(Math.abs(first - left), `row at ${row}px starts under the search`).toBeLessThanOrEqual(1);
    expect(Math.abs(last - right), `row at ${row}px ends under the primary button`).toBeLessThanOrEqual(1);
  }
});
