import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import i18n from "../i18n";
import { type DateFieldKind, DateTimeField } from "./DateTimeField";

/**
 * The picker's text once it has loaded (its hidden input carries the shown dd/MM/yyyy HH:mm; the
 * field before it, read-only, shows the same text).
 */
async function shown(): Promise<string> {
  await screen.findByRole("group", { name: "Quando" }, { timeout: 5000 });
  return (document.getElementById("when") as HTMLInputElement).value;
}

function Field({ kind, initial, onChange }: { kind: DateFieldKind; initial: string; onChange?: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateTimeField
        kind={kind}
        id="when"
        label="Quando"
        value={value}
        onChange={(next) => {
          setValue(next);
          onChange?.(next);
        }}
      />
      <button type="button" onClick={() => setValue("2031-01-02T03:04")}>
        reset
      </button>
      <output data-testid="form-value">{value}</output>
    </>
  );
}

describe("DateTimeField", { timeout: 20_000 }, () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage("pt");
  });

  for (const language of ["pt", "en", "es"] as const) {
    it(`shows dd/MM/yyyy and HH:mm in ${language}, whatever the browser's locale`, async () => {
      await i18n.changeLanguage(language);
      render(<Field kind="dateTime" initial="2026-11-24T14:30" />);
      expect(await shown()).toBe("24/11/2026 14:30");
      cleanup();
      render(<Field kind="date" initial="2026-03-09" />);
      expect(await shown()).toBe("09/03/2026");
      cleanup();
      render(<Field kind="time" initial="08:05" />);
      expect(await shown()).toBe("08:05");
    });
  }

  it("names its sections and its picker button in the app's language", async () => {
    await i18n.changeLanguage("es");
    render(<Field kind="dateTime" initial="2026-11-24T14:30" />);
    expect(await screen.findByRole("group", { name: "Quando" }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("spinbutton", { name: "Dia" })).toBeTruthy();
    expect(screen.getByRole("spinbutton", { name: "Minutos" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Elige fecha/ })).toBeTruthy();
  });

  it("follows a value set by the form, and hands the form the native text of a picked day", async () => {
    const onChange = vi.fn();
    render(<Field kind="dateTime" initial="2026-11-24T14:30" onChange={onChange} />);
    await shown();
    fireEvent.click(screen.getByRole("button", { name: "reset" }));
    expect(await shown()).toBe("02/01/2031 03:04");

    fireEvent.click(screen.getByRole("button", { name: /^Escolha uma data/ }));
    fireEvent.click(await screen.findByRole("gridcell", { name: "15" }));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith("2031-01-15T03:04"));
    expect(screen.getByTestId("form-value").textContent).toBe("2031-01-15T03:04");
  });
});
