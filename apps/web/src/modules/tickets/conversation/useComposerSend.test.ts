import { act, renderHook } from "@testing-library/react";
import type { SetStateAction } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../api/client", () => ({ api: {}, toastError: vi.fn() }));
vi.mock("../../../app/session", () => ({ useSession: () => ({ user: { name: "Ana" } }) }));
vi.mock("./conversationApi", () => ({ sendTextMessage: vi.fn(), sendMediaMessages: vi.fn() }));

import type { TicketMessage } from "@atendo/shared";
import { toastError } from "../../../api/client";
import { sendMediaMessages, sendTextMessage } from "./conversationApi";
import { useComposerSend } from "./useComposerSend";

const sent = [{ id: 99 }] as TicketMessage[];
const replyTo = { id: 7 } as TicketMessage;
const file = (name: string) => new File(["x"], name);

function renderSend(draft: { text: string; files?: File[]; sign?: boolean; replyTo?: TicketMessage | null }) {
  const options = {
    ticketId: 10,
    replyTo: draft.replyTo ?? null,
    text: draft.text,
    files: draft.files ?? [],
    sign: draft.sign ?? true,
    onSent: vi.fn(),
    setText: vi.fn<(value: SetStateAction<string>) => void>(),
    clearFiles: vi.fn(),
    onCancelReply: vi.fn(),
    focusInput: vi.fn(),
  };
  const view = renderHook(() => useComposerSend(options));
  return { ...view, options };
}

describe("useComposerSend", () => {
  afterEach(() => vi.resetAllMocks());

  it("sends the signed text quoting the reply, then empties the composer but keeps what was typed meanwhile", async () => {
    vi.mocked(sendTextMessage).mockResolvedValue(sent);
    const { result, options } = renderSend({ text: " Olá ", replyTo });
    await act(() => result.current.send());

    expect(sendTextMessage).toHaveBeenCalledWith(10, "*Ana:*\nOlá", 7);
    expect(options.onSent).toHaveBeenCalledWith(sent);
    expect(options.clearFiles).toHaveBeenCalled();
    expect(options.onCancelReply).toHaveBeenCalled();
    expect(options.focusInput).toHaveBeenCalled();

    const empty = options.setText.mock.calls[0]![0] as (current: string) => string;
    expect(empty(" Olá ")).toBe("");
    expect(empty(" Olá e mais")).toBe(" Olá e mais");
  });

  it("sends the files with the text as their caption, and without one when nothing was typed", async () => {
    vi.mocked(sendMediaMessages).mockResolvedValue(sent);
    const files = [file("a.png"), file("b.pdf")];
    const captioned = renderSend({ text: "Segue", files, sign: false, replyTo });
    await act(() => captioned.result.current.send());
    expect(sendMediaMessages).toHaveBeenCalledWith(10, files, "Segue");
    expect(captioned.options.onSent).toHaveBeenCalledWith(sent);
    expect(captioned.options.clearFiles).toHaveBeenCalled();

    const bare = renderSend({ text: "  ", files });
    await act(() => bare.result.current.send());
    expect(sendMediaMessages).toHaveBeenLastCalledWith(10, files, "");
    expect(sendTextMessage).not.toHaveBeenCalled();
  });

  it("sends nothing without text or files, and one draft at a time", async () => {
    const blank = renderSend({ text: " \n " });
    await act(() => blank.result.current.send());
    expect(sendTextMessage).not.toHaveBeenCalled();

    let answer: (messages: TicketMessage[]) => void = () => undefined;
    vi.mocked(sendTextMessage).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const { result } = renderSend({ text: "Oi" });
    let first: Promise<void> | undefined;
    act(() => {
      first = result.current.send();
    });
    expect(result.current.sending).toBe(true);
    await act(() => result.current.send());
    expect(sendTextMessage).toHaveBeenCalledOnce();

    await act(async () => {
      answer(sent);
      await first;
    });
    expect(result.current.sending).toBe(false);
  });

  it("keeps the draft when the send fails and says why", async () => {
    const failure = new Error("offline");
    vi.mocked(sendTextMessage).mockRejectedValue(failure);
    const { result, options } = renderSend({ text: "Oi", replyTo });
    await act(() => result.current.send());

    expect(toastError).toHaveBeenCalledWith(failure);
    expect(options.setText).not.toHaveBeenCalled();
    expect(options.clearFiles).not.toHaveBeenCalled();
    expect(options.onCancelReply).not.toHaveBeenCalled();
    expect(options.focusInput).toHaveBeenCalled();
    expect(result.current.sending).toBe(false);
  });

  it("sends a recording alone, leaving the draft, and says why when it fails", async () => {
    vi.mocked(sendMediaMessages).mockResolvedValueOnce(sent);
    const { result, options } = renderSend({ text: "rascunho", files: [file("a.png")] });
    const audio = file("audio.mp3");
    await act(() => result.current.sendRecording(audio));
    expect(sendMediaMessages).toHaveBeenCalledWith(10, [audio], "");
    expect(options.onSent).toHaveBeenCalledWith(sent);
    expect(options.setText).not.toHaveBeenCalled();
    expect(options.clearFiles).not.toHaveBeenCalled();

    const failure = new Error("too big");
    vi.mocked(sendMediaMessages).mockRejectedValueOnce(failure);
    await act(() => result.current.sendRecording(audio));
    expect(toastError).toHaveBeenCalledWith(failure);
  });
});
