import type { ContentElement, FlowNodeOf } from "@atendo/shared";
import type { ComposerCard } from "./rules";

/** What the composer makes: a sequence node, or the one node its single card stands for. */
export type ComposedNode = Pick<
  FlowNodeOf<"singleBlock" | "message" | "interval" | "img" | "audio" | "video">,
  "type" | "data"
>;

/** The cards of a saved sequence, in its order. */
export function cardsOfSequence(data: FlowNodeOf<"singleBlock">["data"]): ComposerCard[] {
  const byNumber = new Map(data.elements.map((element) => [element.number, element]));
  return data.seq.flatMap((number): ComposerCard[] => {
    const element = byNumber.get(number);
    if (!element) return [];
    switch (element.type) {
      case "message":
        return [{ key: number, type: "message", value: element.value }];
      case "interval":
        return [{ key: number, type: "interval", value: String(element.value) }];
      case "audio":
        return [
          {
            key: number,
            type: "audio",
            value: element.value,
            original: element.original ?? "",
            record: element.record,
          },
        ];
      default:
        return [{ key: number, type: element.type, value: element.value, original: element.original ?? "" }];
    }
  });
}

/**
 * The sequence's data: each card numbered per type in order (message0, interval0,
 * message1...), as `seq` lists them. Media cards must carry their stored name by now.
 */
export function sequenceOf(cards: readonly ComposerCard[]): FlowNodeOf<"singleBlock">["data"] {
  const counts = new Map<string, number>();
  const elements = cards.map((card): ContentElement => {
    const count = counts.get(card.type) ?? 0;
    counts.set(card.type, count + 1);
    const number = `${card.type}${count}`;
    switch (card.type) {
      case "message":
        return { type: "message", number, value: card.value };
      case "interval":
        return { type: "interval", number, value: Number(card.value) };
      case "audio":
        return { type: "audio", number, value: card.value, original: card.original, record: card.record ?? false };
      default:
        return { type: card.type, number, value: card.value, original: card.original };
    }
  });
  return { seq: elements.map((element) => element.number), elements };
}

/**
 * A new content block of one card becomes that card's own node (a message, an
 * interval, an image, an audio or a video: the cards document 2 lists), so each
 * is edited in its own dialog; two cards or more make a sequence node.
 */
export function composedNode(cards: readonly ComposerCard[]): ComposedNode {
  const [only] = cards;
  if (cards.length !== 1 || !only) return { type: "singleBlock", data: sequenceOf(cards) };
  switch (only.type) {
    case "message":
      return { type: "message", data: { label: only.value } };
    case "interval":
      return { type: "interval", data: { sec: Number(only.value) } };
    case "audio":
      return { type: "audio", data: { url: only.value, record: only.record ?? false } };
    default:
      return { type: only.type, data: { url: only.value } };
  }
}
