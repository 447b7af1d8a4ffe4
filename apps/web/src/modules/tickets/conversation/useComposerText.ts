import { useCallback, useRef, useState } from "react";

/** The composer's text and its text field, with insertion at the caret (emojis). */
export function useComposerText() {
  const [text, setText] = useState("");
  const inputRef = useRef<HTMLTextAreaElement>(null);

  const focusInput = useCallback(() => inputRef.current?.focus(), []);

  /** Replaces the selection, or inserts at the caret (at the end when the field has none), and leaves the caret after it. */
  const insertAtCaret = (insert: string) => {
    const input = inputRef.current;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + insert + text.slice(end));
    // After React has written the new value, which would otherwise move the caret to the end.
    requestAnimationFrame(() => {
      input?.focus();
      input?.setSelectionRange(start + insert.length, start + insert.length);
    });
  };

  return { text, setText, inputRef, focusInput, insertAtCaret };
}
