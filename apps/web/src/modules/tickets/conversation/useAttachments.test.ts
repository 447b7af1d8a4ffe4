import { act, renderHook } from "@testing-library/react";
import type { ClipboardEvent } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("react-toastify", () => ({ toast: { error: vi.fn() } }));

import { MESSAGE_MEDIAS_MAX, TOAST_DURATION_MS, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { toast } from "react-toastify";
import i18n from "../../../i18n";
import { useAttachments } from "./useAttachments";

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

const paste = (files: File[]) => {
  const event = { clipboardData: { files }, preventDefault: vi.fn() };
  return event as unknown as ClipboardEvent & typeof event;
};

describe("useAttachments", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => vi.resetAllMocks());

  it("keeps accepted files under keys of their own, even for the same file twice", () => {
    const { result } = renderHook(() => useAttachments());
    const photo = file("foto.png");
    act(() => result.current.add([photo]));
    act(() => result.current.add([photo, file("nota.pdf")]));

    expect(result.current.files.map((picked) => picked.name)).toEqual(["foto.png", "foto.png", "nota.pdf"]);
    const keys = result.current.attachments.map((attachment) => attachment.key);
    expect(new Set(keys).size).toBe(3);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("refuses wrong types and oversized files with a toast each, keeping the others", () => {
    const { result } = renderHook(() => useAttachments());
    act(() => result.current.add([file("tool.exe"), file("foto.jpg", UPLOAD_LIMITS_BYTES.image + 1), file("ok.png")]));

    expect(result.current.files.map((picked) => picked.name)).toEqual(["ok.png"]);
    expect(vi.mocked(toast.error).mock.calls).toEqual([
      ["Tipo de arquivo não aceito: tool.exe", { autoClose: TOAST_DURATION_MS * 2 }],
      ["foto.jpg passa do limite de 2 MB", { autoClose: TOAST_DURATION_MS * 2 }],
    ]);
  });

  it("counts the files already picked towards the per-send maximum", () => {
    const { result } = renderHook(() => useAttachments());
    act(() => result.current.add(Array.from({ length: MESSAGE_MEDIAS_MAX - 1 }, (_, index) => file(`${index}.png`))));
    act(() => result.current.add([file("last.png"), file("one-too-many.png"), file("another.png")]));

    expect(result.current.files).toHaveLength(MESSAGE_MEDIAS_MAX);
    expect(result.current.files.at(-1)?.name).toBe("last.png");
    expect(toast.error).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith(`No máximo ${MESSAGE_MEDIAS_MAX} arquivos por envio`, expect.anything());
  });

  it("removes one file by its key and clears them all", () => {
    const { result } = renderHook(() => useAttachments());
    act(() => result.current.add([file("a.png"), file("b.png"), file("c.png")]));
    act(() => result.current.remove(result.current.attachments[1]!.key));
    expect(result.current.files.map((picked) => picked.name)).toEqual(["a.png", "c.png"]);

    act(() => result.current.clear());
    expect(result.current.attachments).toEqual([]);
  });

  it("takes pasted files, and leaves a paste without files to the text field", () => {
    const { result } = renderHook(() => useAttachments());
    const textOnly = paste([]);
    act(() => result.current.onPaste(textOnly));
    expect(textOnly.preventDefault).not.toHaveBeenCalled();
    expect(result.current.attachments).toEqual([]);

    const withFile = paste([file("print.png")]);
    act(() => result.current.onPaste(withFile));
    expect(withFile.preventDefault).toHaveBeenCalled();
    expect(result.current.files.map((picked) => picked.name)).toEqual(["print.png"]);
  });
});
