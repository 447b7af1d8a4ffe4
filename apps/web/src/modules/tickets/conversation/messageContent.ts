/**
 * How a message's ack reads (document 1 section 2): 1 sent, 2 delivered,
 * 3 read (double tick), 4 or 5 read in a highlighted colour (played). 0 is
 * still on its way.
 */
export type AckState = "pending" | "sent" | "delivered" | "read" | "played";

export function ackState(ack: number): AckState {
  if (ack >= 4) return "played";
  if (ack === 3) return "read";
  if (ack === 2) return "delivered";
  if (ack === 1) return "sent";
  return "pending";
}

export interface LocationBody {
  imageUrl: string;
  link: string;
  description: string;
}

/** A location body: image, link and an optional description separated by `|`. */
export function parseLocation(body: string): LocationBody {
  const [imageUrl = "", link = "", ...rest] = body.split("|");
  return { imageUrl: imageUrl.trim(), link: link.trim(), description: rest.join("|").trim() };
}

/** Only http(s) addresses become links or images: a body is the customer's text. */
export function safeUrl(value: string): string | undefined {
  if (!value) return undefined;
  if (value.startsWith("/")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface VcardContact {
  name: string;
  number: string;
}

/** The first contact of a vCard body: its formatted name and phone (the WhatsApp id when present). */
export function parseVcard(body: string): VcardContact {
  let name = "";
  let number = "";
  for (const rawLine of body.split(/\r?\n/)) {
    const line = rawLine.trim();
    const [property = "", ...valueParts] = line.split(":");
    const value = valueParts.join(":").trim();
    const key = property.split(";")[0]?.toUpperCase();
    if (key === "FN" && !name) name = value;
    else if (key === "N" && !name) name = value.split(";").filter(Boolean).reverse().join(" ");
    else if (key?.endsWith("TEL") && !number) {
      const waid = /waid=(\d+)/i.exec(property)?.[1];
      number = waid ?? value.replace(/[^\d+]/g, "");
    }
  }
  return { name, number };
}
