import { act, cleanup, render, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useComposerText } from "./useComposerText";

type Composer = ReturnType<typeof useComposerText>;

/** A controlled text field as the composer renders it; `expose` hands the hook's latest answer to the test. */
function Field({ expose }: { expose: (composer: Composer) => void }) {
  const composer = useComposerText();
  expose(composer);
  return (
    <textarea
      ref={composer.inputRef}
      value={composer.text}
      onChange={(event) => composer.setText(event.target.value)}
    />
  );
}

function renderField() {
  let latest: Composer | undefined;
  const field = render(<Field expose={(composer) => (latest = composer)} />).container.querySelector("textarea")!;
  return { composer: () => latest!, field };
}

describe("useComposerText", () => {
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("inserts at the caret or over the selection, then puts the caret after the insertion", () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame"] });
    const { composer, field } = renderField();
    act(() => composer().setText("Bom dia"));
    field.setSelectionRange(3, 3);

    act(() => composer().insertAtCaret(" 😀"));
    expect(field.value).toBe("Bom 😀 dia");
    act(() => vi.advanceTimersToNextFrame());
    expect(document.activeElement).toBe(field);
    expect(field.selectionStart).toBe(3 + " 😀".length);
    expect(field.selectionEnd).toBe(3 + " 😀".length);

    field.setSelectionRange(0, 3);
    act(() => composer().insertAtCaret("Boa"));
    expect(field.value).toBe("Boa 😀 dia");
  });

  it("appends when there is no text field to read the caret from", () => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame"] });
    const { result } = renderHook(() => useComposerText());
    act(() => result.current.setText("Oi"));
    act(() => result.current.insertAtCaret("!"));
    expect(result.current.text).toBe("Oi!");
    act(() => vi.advanceTimersToNextFrame());
  });
});
