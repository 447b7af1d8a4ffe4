import { SIMULATOR_NUMBER_PATTERN } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { buildVcard, mediaTypeOf, parseVcard, randomCustomerNumber, randomGroupId } from "./simulatorApi";

describe("simulator helpers", () => {
  it("picks the media type from the MIME type", () => {
    expect(mediaTypeOf("image/png")).toBe("image");
    expect(mediaTypeOf("audio/ogg")).toBe("audio");
    expect(mediaTypeOf("video/mp4")).toBe("video");
    expect(mediaTypeOf("application/pdf")).toBe("document");
    expect(mediaTypeOf("")).toBe("document");
  });

  it("builds a vCard the ingestion reads back", () => {
    const vcard = buildVcard(" Maria Souza ", "+55 (11) 98888-7777");
    expect(vcard).toContain("FN:Maria Souza");
    expect(vcard).toContain("waid=5511988887777");
    expect(parseVcard(vcard)).toEqual({ name: "Maria Souza", number: "+5511988887777" });
  });

  it("makes numbers and group ids the simulator's read call accepts", () => {
    expect(randomCustomerNumber(() => 0.5)).toBe("5511950000000");
    expect(randomCustomerNumber()).toMatch(SIMULATOR_NUMBER_PATTERN);
    expect(randomGroupId()).toMatch(SIMULATOR_NUMBER_PATTERN);
    expect(randomGroupId(() => 0)).toBe("120363000000000000");
  });
});
