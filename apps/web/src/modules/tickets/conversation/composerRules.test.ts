import { MESSAGE_MEDIAS_MAX, type QuickMessage, UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { checkFiles, signedBody, uploadKindOf } from "./composerRules";
import { matchQuickAnswers, quickAnswerPreview } from "./quickAnswers";

const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

describe("checkFiles", () => {
  it("accepts the spec's types within their limits", () => {
    const picked = [file("a.png", 10), file("b.mp3", 10), file("c.mp4", 10), file("d.pdf", 10)];
    expect(checkFiles([], picked)).toEqual({ accepted: picked, refused: [] });
  });

  it("refuses unknown types and files over their kind's limit", () => {
    const big = file("photo.jpg", UPLOAD_LIMITS_BYTES.image + 1);
    const { accepted, refused } = checkFiles([], [file("tool.exe", 10), big]);
    expect(accepted).toEqual([]);
    expect(refused).toEqual([
      { reason: "type", fileName: "tool.exe" },
      { reason: "size", fileName: "photo.jpg", maxBytes: UPLOAD_LIMITS_BYTES.image },
    ]);
  });

  it("stops at the per-send maximum", () => {
    const current = Array.from({ length: MESSAGE_MEDIAS_MAX }, (_, index) => file(`${index}.png`, 1));
    expect(checkFiles(current, [file("x.png", 1)]).refused).toEqual([{ reason: "count", max: MESSAGE_MEDIAS_MAX }]);
  });

  it("knows a kind by the extension, case-insensitively", () => {
    expect(uploadKindOf("REPORT.XLSX")).toBe("document");
    expect(uploadKindOf("voice.ogg")).toBe("audio");
    expect(uploadKindOf("noextension")).toBeUndefined();
  });
});

describe("signedBody", () => {
  it("puts the attendant's name in bold on the first line when signing", () => {
    expect(signedBody("  Olá!  ", "Bruno", true)).toBe("*Bruno:*\nOlá!");
    expect(signedBody("Olá!", "Bruno", false)).toBe("Olá!");
    expect(signedBody("   ", "Bruno", true)).toBe("");
  });
});

function quick(id: number, shortcode: string, message: string, status = true): QuickMessage {
  return {
    id,
    shortcode,
    message,
    geral: true,
    status,
    userId: null,
    isMedia: false,
    mediaPath: null,
    mediaName: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  };
}

describe("matchQuickAnswers", () => {
  const answers = [quick(1, "bomdia", "Bom dia!"), quick(2, "boleto", "Segue o boleto"), quick(3, "bonus", "x", false)];

  it("suggests only after / and more than one character", () => {
    expect(matchQuickAnswers("/b", answers)).toEqual([]);
    expect(matchQuickAnswers("bo", answers)).toEqual([]);
    expect(matchQuickAnswers("/bo", answers).map((answer) => answer.id)).toEqual([1, 2]);
  });

  it("matches the shortcode anywhere, ignoring case, and skips inactive answers", () => {
    expect(matchQuickAnswers("/DIA", answers).map((answer) => answer.id)).toEqual([1]);
    expect(matchQuickAnswers("/nus", answers)).toEqual([]);
  });

  it("cuts previews at 35 characters", () => {
    expect(quickAnswerPreview("a".repeat(40))).toBe(`${"a".repeat(35)}...`);
    expect(quickAnswerPreview("short")).toBe("short");
  });
});
