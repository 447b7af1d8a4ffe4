import { MESSAGE_MEDIAS_MAX } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { JsonSendForm, MultipartSendForm, oversizedMedia } from "./sendForms";

const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });
const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join("."), issue.message]));

describe("JsonSendForm", () => {
  it("takes a number of digits with the country code and a text", () => {
    expect(JsonSendForm.parse({ number: " 5511999998888 ", body: "Olá" })).toEqual({
      number: "5511999998888",
      body: "Olá",
    });
  });

  it("tells a missing number from one with a mask, and wants a text", () => {
    expect(messagesOf(JsonSendForm.safeParse({ number: "", body: "  " }))).toEqual({
      number: "required",
      body: "required",
    });
    for (const number of ["+55 11 99999-8888", "(11) 99999-8888", "1234567", "1234567890123456"]) {
      expect(messagesOf(JsonSendForm.safeParse({ number, body: "Oi" })), number).toEqual({ number: "invalidNumber" });
    }
  });
});

describe("MultipartSendForm", () => {
  const png = file("foto.png", "image/png", 1024);

  it("takes files with an optional caption", () => {
    const parsed = MultipartSendForm.parse({ number: "5511999998888", body: "", medias: [png] });
    expect(parsed.medias).toEqual([png]);
  });

  it("wants one file, at most ten", () => {
    expect(messagesOf(MultipartSendForm.safeParse({ number: "5511999998888", body: "", medias: [] }))).toEqual({
      medias: "fileRequired",
    });
    const many = Array.from({ length: MESSAGE_MEDIAS_MAX + 1 }, () => png);
    expect(messagesOf(MultipartSendForm.safeParse({ number: "5511999998888", body: "", medias: many }))).toEqual({
      medias: "tooMany",
    });
  });

  it("refuses a file over its type's limit and names it", () => {
    const big = file("grande.png", "image/png", 2 * 1024 * 1024 + 1);
    const video = file("video.mp4", "video/mp4", 3 * 1024 * 1024);
    expect(
      messagesOf(MultipartSendForm.safeParse({ number: "5511999998888", body: "", medias: [video, big] })),
    ).toEqual({ medias: "tooLarge" });
    expect(oversizedMedia([video, big])).toEqual({ file: big, limit: 2 * 1024 * 1024 });
    expect(oversizedMedia([video, png])).toBeUndefined();
  });
});
