import { describe, expect, it } from "vitest";
import { ackState, parseLocation, parseVcard, safeUrl } from "./messageContent";
import { whatsappPlainText, whatsappSegments } from "./whatsappText";

describe("ackState", () => {
  it("reads 1 sent, 2 delivered, 3 read, 4 and 5 highlighted", () => {
    expect([0, 1, 2, 3, 4, 5].map(ackState)).toEqual(["pending", "sent", "delivered", "read", "played", "played"]);
  });
});

describe("parseLocation", () => {
  it("splits image, link and description on the pipe", () => {
    expect(parseLocation("https://maps/img.png|https://maps.google.com/?q=1,2|Rua A | 10")).toEqual({
      imageUrl: "https://maps/img.png",
      link: "https://maps.google.com/?q=1,2",
      description: "Rua A | 10",
    });
  });

  it("leaves the description empty when absent", () => {
    expect(parseLocation("img|link")).toEqual({ imageUrl: "img", link: "link", description: "" });
  });
});

describe("safeUrl", () => {
  it("keeps http(s) and same-origin paths, refuses other schemes", () => {
    expect(safeUrl("https://example.com/a")).toBe("https://example.com/a");
    expect(safeUrl("/public/1/a.png")).toBe("/public/1/a.png");
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("not a url")).toBeUndefined();
  });
});

describe("parseVcard", () => {
  it("reads the name and the WhatsApp id of the phone", () => {
    const body =
      "BEGIN:VCARD\nVERSION:3.0\nN:Silva;Ana;;;\nFN:Ana Silva\nitem1.TEL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD";
    expect(parseVcard(body)).toEqual({ name: "Ana Silva", number: "5511999990000" });
  });

  it("falls back to N and the phone digits", () => {
    const body = "BEGIN:VCARD\r\nN:Souza;João\r\nTEL;TYPE=CELL:+55 (21) 98888-7777\r\nEND:VCARD";
    expect(parseVcard(body)).toEqual({ name: "João Souza", number: "+5521988887777" });
  });
});

describe("whatsappSegments", () => {
  it("draws the signature in bold and leaves the rest plain", () => {
    expect(whatsappSegments("*Ana:*\nOlá _você_ ~não~")).toEqual([
      { text: "Ana:", bold: true, italic: false, strike: false },
      { text: "\nOlá " },
      { text: "você", bold: false, italic: true, strike: false },
      { text: " " },
      { text: "não", bold: false, italic: false, strike: true },
    ]);
  });
});

describe("whatsappPlainText", () => {
  it("drops the marks and keeps their text, for a system notification", () => {
    expect(whatsappPlainText("*Ana Admin:*\nEscolha *1* ou _2_ ~não~")).toBe("Ana Admin:\nEscolha 1 ou 2 não");
  });
});
