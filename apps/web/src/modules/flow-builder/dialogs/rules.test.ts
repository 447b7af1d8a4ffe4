import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import {
  acceptAttribute,
  type ComposerCard,
  composerError,
  intervalError,
  mediaFileError,
  removableOption,
  withNextOption,
  withoutLastOption,
} from "./rules";

const file = (name: string, size = 1000) => ({ name, size });

describe("interval", () => {
  it("asks for a value above 0, refuses over 120 and fractions", () => {
    expect(intervalError("")).toBe("intervalRequired");
    expect(intervalError("0")).toBe("intervalRequired");
    expect(intervalError("-5")).toBe("intervalRequired");
    expect(intervalError("121")).toBe("intervalMax");
    expect(intervalError("2.5")).toBe("intervalWhole");
    expect(intervalError("1")).toBeNull();
    expect(intervalError("120")).toBeNull();
  });
});

describe("media files", () => {
  it("takes png/jpg/jpeg images up to 2 MB", () => {
    expect(mediaFileError("img", file("a.PNG"))).toBeNull();
    expect(mediaFileError("img", file("a.jpeg"))).toBeNull();
    expect(mediaFileError("img", file("a.gif"))).toBe("imgType");
    expect(mediaFileError("img", file("a.png", UPLOAD_LIMITS_BYTES.image))).toBeNull();
    expect(mediaFileError("img", file("a.png", UPLOAD_LIMITS_BYTES.image + 1))).toBe("imgTooLarge");
  });

  it("takes ogg/mp3 audio up to 5 MB, and opus too in the content composer", () => {
    expect(mediaFileError("audio", file("a.mp3"))).toBeNull();
    expect(mediaFileError("audio", file("a.ogg"))).toBeNull();
    expect(mediaFileError("audio", file("a.opus"))).toBe("audioType");
    expect(mediaFileError("audio", file("a.opus"), true)).toBeNull();
    expect(mediaFileError("audio", file("a.wav"), true)).toBe("audioTypeComposer");
    expect(mediaFileError("audio", file("a.mp3", UPLOAD_LIMITS_BYTES.audio + 1))).toBe("audioTooLarge");
  });

  it("takes mp4 video only, up to 20 MB", () => {
    expect(mediaFileError("video", file("a.mp4", UPLOAD_LIMITS_BYTES.video))).toBeNull();
    expect(mediaFileError("video", file("a.mov"))).toBe("videoType");
    expect(mediaFileError("video", file("a.mp4", UPLOAD_LIMITS_BYTES.video + 1))).toBe("videoTooLarge");
  });

  it("offers each kind's extensions to the file picker", () => {
    expect(acceptAttribute("img")).toBe(".png,.jpg,.jpeg");
    expect(acceptAttribute("audio")).toBe(".ogg,.mp3");
    expect(acceptAttribute("audio", true)).toBe(".ogg,.mp3,.opus");
    expect(acceptAttribute("video")).toBe(".mp4");
  });
});

describe("menu options", () => {
  it("are numbered from 1, added after the last, and only the last can be removed", () => {
    let options = withNextOption([]);
    expect(options).toEqual([{ number: 1, value: "" }]);
    options = withNextOption([{ number: 1, value: "Vendas" }]);
    options = withNextOption(options);
    expect(options.map((option) => option.number)).toEqual([1, 2, 3]);
    expect(removableOption(options)).toBe(3);
    options = withoutLastOption(options);
    expect(options).toEqual([
      { number: 1, value: "Vendas" },
      { number: 2, value: "" },
    ]);
    expect(removableOption(options)).toBe(2);
    expect(removableOption([])).toBeNull();
  });
});

describe("the content composer", () => {
  const text = (value: string): ComposerCard => ({ key: `m${value}`, type: "message", value });
  const wait = (value: string): ComposerCard => ({ key: `i${value}`, type: "interval", value });
  const image = (value = "", picked = false): ComposerCard => ({
    key: "img",
    type: "img",
    value,
    original: "",
    ...(picked ? { file: new File(["x"], "a.png") } : {}),
  });

  it("needs at least one card", () => {
    expect(composerError([])).toBe("contentEmpty");
  });

  it("refuses an empty text, an interval of 0 or over 120, and a media card without a file", () => {
    expect(composerError([text("  ")])).toBe("contentEmptyText");
    expect(composerError([text("Oi"), wait("0")])).toBe("contentInterval");
    expect(composerError([text("Oi"), wait("121")])).toBe("contentInterval");
    expect(composerError([text("Oi"), image()])).toBe("contentEmptyMedia");
  });

  it("passes cards with texts, intervals within 1 to 120 and files picked or stored", () => {
    expect(composerError([text("Oi"), wait("120"), image("", true), image("abc.png")])).toBeNull();
  });
});
