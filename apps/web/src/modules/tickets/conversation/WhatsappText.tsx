import { Fragment } from "react";
import { whatsappSegments } from "./whatsappText";

/** A message text with WhatsApp's *bold*, _italic_ and ~strike~ marks drawn. */
export function WhatsappText({ text }: { text: string }) {
  return (
    <>
      {whatsappSegments(text).map((segment, index) => {
        const key = `${index}-${segment.text.length}`;
        if (segment.bold) return <strong key={key}>{segment.text}</strong>;
        if (segment.italic) return <em key={key}>{segment.text}</em>;
        if (segment.strike) return <s key={key}>{segment.text}</s>;
        return <Fragment key={key}>{segment.text}</Fragment>;
      })}
    </>
  );
}
