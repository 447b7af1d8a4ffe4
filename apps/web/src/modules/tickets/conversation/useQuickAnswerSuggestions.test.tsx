import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("./conversationApi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./conversationApi")>()),
  fetchQuickMessages: vi.fn(),
}));

import type { QuickMessage } from "@atendo/shared";
import { withQueryClient } from "../../users/testUtils";
import { fetchQuickMessages } from "./conversationApi";
import { useQuickAnswerSuggestions } from "./useQuickAnswerSuggestions";

const answer = (id: number, shortcode: string, status = true): QuickMessage => ({
  id,
  shortcode,
  message: `Mensagem ${shortcode}`,
  geral: true,
  status,
  userId: null,
  isMedia: false,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
});

const answers = [answer(1, "boasvindas"), answer(2, "boleto"), answer(3, "bonus"), answer(4, "bolsa", false)];

const key = (name: string, shiftKey = false) => ({ key: name, shiftKey, preventDefault: vi.fn() });

function renderSuggestions(text: string) {
  const onPick = vi.fn();
  const view = renderHook(({ text }) => useQuickAnswerSuggestions(text, onPick), {
    initialProps: { text },
    wrapper: ({ children }: { children: ReactNode }) => withQueryClient(children),
  });
  return { ...view, onPick };
}

async function renderOpen(text = "/bo") {
  vi.mocked(fetchQuickMessages).mockResolvedValue(answers);
  const view = renderSuggestions(text);
  await waitFor(() => expect(view.result.current.suggestions).toHaveLength(3));
  return view;
}

describe("useQuickAnswerSuggestions", () => {
  afterEach(() => vi.resetAllMocks());

  it("fetches nothing until the text starts with a slash, then offers the active matches", async () => {
    vi.mocked(fetchQuickMessages).mockResolvedValue(answers);
    const { result, rerender } = renderSuggestions("bo");
    expect(fetchQuickMessages).not.toHaveBeenCalled();
    expect(result.current.suggestions).toEqual([]);

    rerender({ text: "/bo" });
    await waitFor(() =>
      expect(result.current.suggestions.map((match) => match.shortcode)).toEqual(["boasvindas", "boleto", "bonus"]),
    );
    expect(fetchQuickMessages).toHaveBeenCalledOnce();
  });

  it("moves the highlight with the arrows, wrapping at both ends", async () => {
    const { result } = await renderOpen();
    expect(result.current.highlighted).toBe(0);

    const up = key("ArrowUp");
    act(() => {
      expect(result.current.onKeyDown(up)).toBe(true);
    });
    expect(up.preventDefault).toHaveBeenCalled();
    expect(result.current.highlighted).toBe(2);

    act(() => void result.current.onKeyDown(key("ArrowDown")));
    expect(result.current.highlighted).toBe(0);
    act(() => void result.current.onKeyDown(key("ArrowDown")));
    expect(result.current.highlighted).toBe(1);
  });

  it("picks the highlighted answer with Enter and closes the list until the text is typed again", async () => {
    const { result, onPick } = await renderOpen();
    act(() => void result.current.onKeyDown(key("ArrowDown")));
    const enter = key("Enter");
    act(() => {
      expect(result.current.onKeyDown(enter)).toBe(true);
    });

    expect(enter.preventDefault).toHaveBeenCalled();
    expect(onPick).toHaveBeenCalledWith(answers[1]);
    expect(result.current.suggestions).toEqual([]);

    act(() => result.current.reset());
    expect(result.current.suggestions).toHaveLength(3);
    expect(result.current.highlighted).toBe(0);
  });

  it("closes on Escape and leaves Shift+Enter and other keys to the text field", async () => {
    const { result, onPick } = await renderOpen();
    const shiftEnter = key("Enter", true);
    const letter = key("a");
    act(() => {
      expect(result.current.onKeyDown(shiftEnter)).toBe(false);
      expect(result.current.onKeyDown(letter)).toBe(false);
    });
    expect(shiftEnter.preventDefault).not.toHaveBeenCalled();
    expect(letter.preventDefault).not.toHaveBeenCalled();
    expect(onPick).not.toHaveBeenCalled();

    act(() => {
      expect(result.current.onKeyDown(key("Escape"))).toBe(true);
    });
    expect(result.current.suggestions).toEqual([]);
  });

  it("takes no key while nothing is offered, so Enter still sends", () => {
    const { result } = renderSuggestions("olá");
    for (const name of ["Enter", "ArrowDown", "Escape"]) {
      const event = key(name);
      expect(result.current.onKeyDown(event)).toBe(false);
      expect(event.preventDefault).not.toHaveBeenCalled();
    }
  });
});
