import { fireEvent, screen, within } from "@testing-library/react";

/**
 * For tests: enters a dd/MM/yyyy HH:mm text into the DateTimeField labelled `label` the way a user
 * pastes it (every section selected, then the text), the one whole-value entry the field takes in
 * a DOM without real keyboard input.
 */
export async function enterDate(label: string | RegExp, text: string): Promise<void> {
  // The picker loads with the first field shown.
  const group = await screen.findByRole("group", { name: label }, { timeout: 5000 });
  const first = within(group).getAllByRole("spinbutton")[0]!;
  fireEvent.mouseDown(first);
  fireEvent.focus(first);
  fireEvent.click(first);
  fireEvent.keyDown(first, { key: "a", ctrlKey: true });
  fireEvent.paste(document.activeElement ?? first, { clipboardData: { getData: () => text } });
}
