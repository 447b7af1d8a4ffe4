import type { SimulatorMediaType } from "@atendo/shared";
import { api } from "../../api/client";
import type { RequestBody } from "../../api/routes";
import { onlyDigits } from "../../utils/phone";

export const simulatorKeys = {
  chats: (whatsappId: number) => ["simulator", "chats", whatsappId] as const,
  messages: (whatsappId: number, chatId: string) => ["simulator", "messages", whatsappId, chatId] as const,
};

/** Where the simulated customer writes: a private chat with the company, or a group. */
export interface ChatTarget {
  kind: "private" | "group";
  /** The customer's number, or the group id. */
  id: string;
  groupName?: string;
}

export function fetchChats(whatsappId: number, signal?: AbortSignal) {
  return api.get("/simulator/chats/{id}", { params: { id: whatsappId }, signal });
}

export function fetchChatMessages(whatsappId: number, target: ChatTarget, signal?: AbortSignal) {
  const query = target.kind === "group" ? { groupId: target.id } : { number: target.id };
  return api.get("/simulator/chats/{id}/messages", { params: { id: whatsappId }, query, signal });
}

export function sendInbound(body: RequestBody<"POST /simulator/inbound">) {
  return api.post("/simulator/inbound", { body });
}

export function scanQr(whatsappId: number) {
  return api.post("/simulator/scan/{whatsappId}", { params: { whatsappId } });
}

export function markRead(whatsappId: number, from: string) {
  return api.post("/simulator/read", { body: { whatsappId, from } });
}

/** The simulator's media kind for a file, from its MIME type. */
export function mediaTypeOf(mimeType: string): SimulatorMediaType {
  if (mimeType.startsWith("image/")) return "image";
  if (mimeType.startsWith("audio/")) return "audio";
  if (mimeType.startsWith("video/")) return "video";
  return "document";
}

/** A file as the inbound call carries it: a data URL (the server accepts one in `base64`). */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** A minimal vCard 3.0 for a contact card message. */
export function buildVcard(name: string, number: string): string {
  const digits = onlyDigits(number);
  return [
    "BEGIN:VCARD",
    "VERSION:3.0",
    `FN:${name.trim()}`,
    `TEL;type=CELL;waid=${digits}:+${digits}`,
    "END:VCARD",
  ].join("\n");
}

/** The name and number a vCard shows. */
export function parseVcard(vcard: string): { name: string; number: string } {
  const name = /^FN:(.*)$/m.exec(vcard)?.[1]?.trim() ?? "";
  const tel = /^TEL[^:]*:(.*)$/m.exec(vcard)?.[1]?.trim() ?? "";
  return { name, number: tel };
}

/** A fresh Brazilian mobile number for a new simulated customer (55 11 9xxxx-xxxx). */
export function randomCustomerNumber(random: () => number = Math.random): string {
  return `55119${String(Math.floor(random() * 100_000_000)).padStart(8, "0")}`;
}

/** A numeric group id shaped like WhatsApp's, so the read receipt call accepts it. */
export function randomGroupId(random: () => number = Math.random): string {
  return `120363${String(Math.floor(random() * 1_000_000_000_000)).padStart(12, "0")}`;
}

/** A map link for a shared location. */
export function mapUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lng}#map=16/${lat}/${lng}`;
}
