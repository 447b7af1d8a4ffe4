import { SingleBlockNodeData } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { cardsOfSequence, composedNode, sequenceOf } from "./composer";
import type { ComposerCard } from "./rules";

const cards: ComposerCard[] = [
  { key: "k1", type: "message", value: "Olá" },
  { key: "k2", type: "interval", value: "5" },
  { key: "k3", type: "img", value: "f1.png", original: "foto.png" },
  { key: "k4", type: "message", value: "Ouça" },
  { key: "k5", type: "audio", value: "f2.ogg", original: "voz.opus", record: true },
  { key: "k6", type: "video", value: "f3.mp4", original: "clipe.mp4" },
];

describe("content composer results", () => {
  it("numbers a sequence's elements per type, in order, as the shared schema takes them", () => {
    const data = sequenceOf(cards);
    expect(data.seq).toEqual(["message0", "interval0", "img0", "message1", "audio0", "video0"]);
    expect(data.elements[1]).toEqual({ type: "interval", number: "interval0", value: 5 });
    expect(data.elements[4]).toEqual({
      type: "audio",
      number: "audio0",
      value: "f2.ogg",
      original: "voz.opus",
      record: true,
    });
    expect(SingleBlockNodeData.safeParse(data).success).toBe(true);
  });

  it("reads a saved sequence back as the same cards, in its order", () => {
    const again = cardsOfSequence(sequenceOf(cards));
    expect(again.map(({ key: _key, ...card }) => card)).toEqual(cards.map(({ key: _key, ...card }) => card));
  });

  it("makes a card's own node for a new block of one card, a sequence for more", () => {
    expect(composedNode([cards[0]!])).toEqual({ type: "message", data: { label: "Olá" } });
    expect(composedNode([cards[1]!])).toEqual({ type: "interval", data: { sec: 5 } });
    expect(composedNode([cards[2]!])).toEqual({ type: "img", data: { url: "f1.png" } });
    expect(composedNode([cards[4]!])).toEqual({ type: "audio", data: { url: "f2.ogg", record: true } });
    expect(composedNode([cards[5]!])).toEqual({ type: "video", data: { url: "f3.mp4" } });
    expect(composedNode(cards.slice(0, 2)).type).toBe("singleBlock");
  });
});
