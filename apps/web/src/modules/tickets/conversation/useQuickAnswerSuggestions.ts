import type { QuickMessage } from "@atendo/shared";
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, useMemo, useState } from "react";
import { conversationKeys, fetchQuickMessages } from "./conversationApi";
import { matchQuickAnswers } from "./quickAnswers";

type ListKey = Pick<KeyboardEvent, "key" | "shiftKey" | "preventDefault">;

/**
 * The quick answers offered for the composer's text. They are fetched only once
 * the text starts with "/", and a pick or Escape closes the list until the text is typed again.
 */
export function useQuickAnswerSuggestions(text: string, onPick: (answer: QuickMessage) => void) {
  const [highlighted, setHighlighted] = useState(0);
  const [closed, setClosed] = useState(false);

  const { data: quickMessages = [] } = useQuery({
    queryKey: conversationKeys.quickMessages,
    queryFn: ({ signal }) => fetchQuickMessages(signal),
    enabled: text.startsWith("/"),
    staleTime: 60_000,
  });
  const suggestions = useMemo(
    () => (closed ? [] : matchQuickAnswers(text, quickMessages)),
    [text, quickMessages, closed],
  );

  const pick = (answer: QuickMessage) => {
    onPick(answer);
    setClosed(true);
  };

  /** Call on every edit of the text: the list opens again from its first answer. */
  const reset = () => {
    setClosed(false);
    setHighlighted(0);
  };

  /** Arrows, Enter and Escape belong to the list while it shows; returns whether the key was taken. */
  const onKeyDown = (event: ListKey): boolean => {
    if (!suggestions.length) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlighted((index) => (index + step + suggestions.length) % suggestions.length);
      return true;
    }
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      const answer = suggestions[Math.min(highlighted, suggestions.length - 1)];
      if (answer) pick(answer);
      return true;
    }
    if (event.key === "Escape") {
      event.preventDefault();
      setClosed(true);
      return true;
    }
    return false;
  };

  return { suggestions, highlighted, pick, reset, onKeyDown };
}
