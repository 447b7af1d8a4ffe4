import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { mediaTooLarge, megabytes } from "./uploadLimits";

describe("mediaTooLarge", () => {
  it("holds each family to its limit and everything else to the largest", () => {
    const { image, audio, video } = UPLOAD_LIMITS_BYTES;
    expect(mediaTooLarge({ type: "image/png", size: image })).toBeNull();
    expect(mediaTooLarge({ type: "image/jpeg", size: image + 1 })).toBe(image);
    expect(mediaTooLarge({ type: "audio/ogg", size: audio + 1 })).toBe(audio);
    expect(mediaTooLarge({ type: "audio/mpeg", size: image + 1 })).toBeNull();
    expect(mediaTooLarge({ type: "video/mp4", size: video + 1 })).toBe(video);
    expect(mediaTooLarge({ type: "application/pdf", size: video })).toBeNull();
    expect(mediaTooLarge({ type: "", size: video + 1 })).toBe(video);
    expect(megabytes(image)).toBe(2);
  });
});
