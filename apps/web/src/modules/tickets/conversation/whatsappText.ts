export interface TextSegment {
  text: string;
  bold?: boolean;
  italic?: boolean;
  strike?: boolean;
}

const MARKS = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~)/g;

/** WhatsApp's inline marks on one level: *bold*, _italic_ and ~strike~ (the signature is bold). */
export function whatsappSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  for (const part of text.split(MARKS)) {
    if (!part) continue;
    const mark = part.length > 2 ? part[0] : undefined;
    if (mark && part.endsWith(mark) && (mark === "*" || mark === "_" || mark === "~")) {
      const inner = part.slice(1, -1);
      segments.push({ text: inner, bold: mark === "*", italic: mark === "_", strike: mark === "~" });
    } else segments.push({ text: part });
  }
  return segments;
}

/** The text without its marks, for places that cannot draw them (a system notification). */
export function whatsappPlainText(text: string): string {
  return whatsappSegments(text)
    .map((segment) => segment.text)
    .join("");
}
