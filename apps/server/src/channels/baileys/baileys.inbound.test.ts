import { proto, type WAMessage, WAMessageStubType } from "@whiskeysockets/baileys";
import { describe, expect, it, vi } from "vitest";
import { ackOf, MEDIA_UNAVAILABLE, translateMessage, withoutMedia } from "./baileys.inbound.js";

const customer = "5511999990001@s.whatsapp.net";
const group = "120363000000000001@g.us";
const at = 1_700_000_000;

/** A message as Baileys emits it in messages.upsert, from the customer unless `extra` says otherwise. */
function received(id: string, message: WAMessage["message"], extra: Partial<WAMessage> = {}): WAMessage {
  return { key: { remoteJid: customer, fromMe: false, id }, message, pushName: "Ana", messageTimestamp: at, ...extra };
}

const fromAna = { providerId: "M1", from: "5511999990001", name: "Ana", timestamp: at * 1000 };

describe("translateMessage: text", () => {
  it("takes a plain conversation as the body, with the push name and the time in milliseconds", () => {
    expect(translateMessage(received("M1", { conversation: "hello" }))).toEqual({
      message: { ...fromAna, body: "hello" },
    });
  });

  it("takes an extended text, and the message it quotes from any content's contextInfo", () => {
    expect(
      translateMessage(
        received("M1", { extendedTextMessage: { text: "answering", contextInfo: { stanzaId: "3EB0QUOTED" } } }),
      )?.message,
    ).toEqual({ ...fromAna, body: "answering", quotedProviderId: "3EB0QUOTED" });
    expect(
      translateMessage(
        received("M2", { imageMessage: { mimetype: "image/png", contextInfo: { stanzaId: "3EB0PHOTO" } } }),
      )?.message.quotedProviderId,
    ).toBe("3EB0PHOTO");
  });

  it("unwraps ephemeral, view-once and document-with-caption wrappers, however nested", () => {
    const inner = { conversation: "hidden" };
    const wrapped = received("M1", {
      ephemeralMessage: {
        message: { viewOnceMessageV2: { message: { viewOnceMessageV2Extension: { message: inner } } } },
      },
    });
    expect(translateMessage(wrapped)?.message.body).toBe("hidden");
    const document = received("M2", {
      documentWithCaptionMessage: {
        message: { documentMessage: { mimetype: "application/pdf", fileName: "a.pdf", caption: "see" } },
      },
    });
    expect(translateMessage(document)).toMatchObject({ message: { body: "see" }, media: { fileName: "a.pdf" } });
  });

  it("takes the text a customer chose from buttons, templates and lists", () => {
    const choices: WAMessage["message"][] = [
      { buttonsResponseMessage: { selectedDisplayText: "Sales" } },
      { templateButtonReplyMessage: { selectedDisplayText: "Support" } },
      { listResponseMessage: { title: "Billing" } },
      { listResponseMessage: { singleSelectReply: { selectedRowId: "row-3" } } },
    ];
    expect(choices.map((choice, index) => translateMessage(received(`B${index}`, choice))?.message.body)).toEqual([
      "Sales",
      "Support",
      "Billing",
      "row-3",
    ]);
  });

  it("reads a timestamp Baileys gives as a Long, and stamps now when there is none", () => {
    const long = { toString: () => String(at) } as unknown as WAMessage["messageTimestamp"];
    expect(translateMessage(received("M1", { conversation: "x" }, { messageTimestamp: long }))?.message.timestamp).toBe(
      at * 1000,
    );
    vi.useFakeTimers({ now: 1_800_000_000_000 });
    try {
      expect(
        translateMessage(received("M2", { conversation: "x" }, { messageTimestamp: null }))?.message.timestamp,
      ).toBe(1_800_000_000_000);
      expect(translateMessage(received("M3", { conversation: "x" }, { messageTimestamp: 0 }))?.message.timestamp).toBe(
        1_800_000_000_000,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("translateMessage: senders", () => {
  it("names a group message's group JID and files it under the participant", () => {
    const message = received(
      "G1",
      { conversation: "hi all" },
      { key: { remoteJid: group, id: "G1", participant: customer } },
    );
    expect(translateMessage(message)).toEqual({
      message: { ...fromAna, providerId: "G1", participantName: "Ana", body: "hi all" },
      groupJid: group,
    });
  });

  it("uses the phone number WhatsApp gives beside a LID sender, in a chat and in a group", () => {
    const lid = "123456789012345@lid";
    const direct = received("L1", { conversation: "x" }, { key: { remoteJid: lid, id: "L1", senderPn: customer } });
    expect(translateMessage(direct)?.message.from).toBe("5511999990001");
    const inGroup = received(
      "L2",
      { conversation: "x" },
      { key: { remoteJid: group, id: "L2", participant: lid, participantPn: customer } },
    );
    expect(translateMessage(inGroup)?.message.from).toBe("5511999990001");
  });

  it("drops the device suffix of the sender's JID", () => {
    const message = received(
      "D1",
      { conversation: "x" },
      { key: { remoteJid: "5511999990001:12@s.whatsapp.net", id: "D1" } },
    );
    expect(translateMessage(message)?.message.from).toBe("5511999990001");
  });

  it("keeps no push name when WhatsApp gave none", () => {
    const message = translateMessage(received("N1", { conversation: "x" }, { pushName: null }))?.message;
    expect(message?.name).toBeUndefined();
  });
});

describe("translateMessage: media", () => {
  it("names the file to download after the message id and the MIME type, with the caption as the body", () => {
    const message = received("A3", { imageMessage: { mimetype: "image/jpeg", caption: "look" } });
    expect(translateMessage(message)).toEqual({
      message: { ...fromAna, providerId: "A3", body: "look" },
      media: { type: "image", mimeType: "image/jpeg", fileName: "A3.jpg", source: message },
    });
  });

  it("downloads from the unwrapped content, under the message's own key", () => {
    const image = { mimetype: "image/png" };
    const message = received("V1", { viewOnceMessage: { message: { imageMessage: image } } });
    const source = translateMessage(message)?.media?.source;
    expect(source?.key).toBe(message.key);
    expect(source?.message).toEqual({ imageMessage: image });
  });

  it("files stickers, videos, voice notes and documents by type, with WhatsApp's defaults for a missing MIME type", () => {
    const media = (message: WAMessage["message"]) => {
      const ref = translateMessage(received("F1", message))?.media;
      return ref && { type: ref.type, mimeType: ref.mimeType, fileName: ref.fileName };
    };
    expect(media({ stickerMessage: {} })).toEqual({ type: "image", mimeType: "image/webp", fileName: "F1.webp" });
    expect(media({ imageMessage: {} })).toEqual({ type: "image", mimeType: "image/jpeg", fileName: "F1.jpg" });
    expect(media({ videoMessage: { mimetype: "video/quicktime" } })).toEqual({
      type: "video",
      mimeType: "video/quicktime",
      fileName: "F1.mov",
    });
    expect(media({ videoMessage: {} })).toEqual({ type: "video", mimeType: "video/mp4", fileName: "F1.mp4" });
    expect(media({ audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true } })).toEqual({
      type: "audio",
      mimeType: "audio/ogg; codecs=opus",
      fileName: "F1.ogg",
    });
    expect(media({ audioMessage: { mimetype: "audio/mpeg" } })?.fileName).toBe("F1.mp3");
    expect(media({ documentMessage: { mimetype: "application/pdf", fileName: "invoice.pdf" } })).toEqual({
      type: "application",
      mimeType: "application/pdf",
      fileName: "invoice.pdf",
    });
    expect(media({ documentMessage: {} })).toEqual({
      type: "application",
      mimeType: "application/octet-stream",
      fileName: "F1.octetstrea",
    });
    // The name is only a suggestion: media/storage.ts decides the stored extension from the bytes.
    expect(media({ documentMessage: { mimetype: "text/plain" } })?.fileName).toBe("F1.txt");
    expect(
      media({
        documentMessage: { mimetype: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
      })?.fileName,
    ).toBe("F1.vndopenxml");
  });

  it("says a file could not be downloaded, after the caption when there is one", () => {
    const message = { ...fromAna, body: "look" };
    expect(withoutMedia(message)).toEqual({ ...fromAna, body: `look\n${MEDIA_UNAVAILABLE}` });
    expect(withoutMedia({ ...fromAna, body: "" }).body).toBe(MEDIA_UNAVAILABLE);
    expect(message.body).toBe("look");
  });
});

describe("translateMessage: places and cards", () => {
  it("takes a location's coordinates, with its name and address as the description", () => {
    const location = (place: proto.Message.ILocationMessage) =>
      translateMessage(received("P1", { locationMessage: place }))?.message.location;
    expect(
      location({ degreesLatitude: -23.55, degreesLongitude: -46.63, name: "Office", address: "Av. Paulista, 1000" }),
    ).toEqual({ lat: -23.55, lng: -46.63, description: "Office - Av. Paulista, 1000" });
    expect(location({ degreesLatitude: 1, degreesLongitude: 2, address: "Rua A" })).toEqual({
      lat: 1,
      lng: 2,
      description: "Rua A",
    });
    expect(location({ jpegThumbnail: Buffer.from("thumb") })).toEqual({ lat: 0, lng: 0 });
  });

  it("takes a live location as a location", () => {
    const message = received("P2", { liveLocationMessage: { degreesLatitude: 3, degreesLongitude: 4 } });
    expect(translateMessage(message)?.message).toEqual({
      ...fromAna,
      providerId: "P2",
      body: "",
      location: { lat: 3, lng: 4 },
    });
  });

  it("takes one contact card, and several joined by line breaks", () => {
    const card = (name: string) => `BEGIN:VCARD\nVERSION:3.0\nFN:${name}\nEND:VCARD`;
    expect(translateMessage(received("V1", { contactMessage: { vcard: card("Bruno") } }))?.message.vcard).toBe(
      card("Bruno"),
    );
    const several = received("V2", {
      contactsArrayMessage: {
        contacts: [{ vcard: card("Bruno") }, { displayName: "no card" }, { vcard: card("Carla") }],
      },
    });
    expect(translateMessage(several)?.message.vcard).toBe(`${card("Bruno")}\n${card("Carla")}`);
    expect(translateMessage(received("V3", { contactsArrayMessage: { contacts: [{ displayName: "x" }] } }))).toBe(
      undefined,
    );
  });
});

describe("translateMessage: calls the phone logged", () => {
  it("turns the missed-call stubs (voice, video, also in groups) into call_log messages", () => {
    const stub = (id: string, type: number, key: Partial<proto.IMessageKey> = {}) =>
      translateMessage(
        received(id, undefined, { key: { remoteJid: customer, fromMe: false, id, ...key }, messageStubType: type }),
      );
    const voice = stub("S1", WAMessageStubType.CALL_MISSED_VOICE);
    expect(voice).toEqual({
      message: {
        ...fromAna,
        providerId: "S1",
        body: expect.stringMatching(/^Chamada de voz perdida às \d\d:\d\d$/),
        call: { isVideo: false },
      },
    });
    expect(stub("S2", WAMessageStubType.CALL_MISSED_VIDEO)?.message.call).toEqual({ isVideo: true });
    const inGroup = stub("S3", WAMessageStubType.CALL_MISSED_GROUP_VIDEO, { remoteJid: group, participant: customer });
    expect(inGroup).toMatchObject({ groupJid: group, message: { call: { isVideo: true }, from: "5511999990001" } });
    expect(
      stub("S4", WAMessageStubType.CALL_MISSED_GROUP_VOICE, { remoteJid: group, participant: customer })?.message.call,
    ).toEqual({
      isVideo: false,
    });
  });
});

describe("translateMessage: what is not kept", () => {
  it("skips our own messages and messages without an id, a chat or any content", () => {
    expect(
      translateMessage(
        received("X1", { conversation: "mine" }, { key: { remoteJid: customer, fromMe: true, id: "X1" } }),
      ),
    ).toBeUndefined();
    expect(translateMessage(received("X2", { conversation: "x" }, { key: { remoteJid: customer } }))).toBeUndefined();
    expect(translateMessage(received("X3", { conversation: "x" }, { key: { id: "X3" } }))).toBeUndefined();
    expect(translateMessage(received("X4", undefined))).toBeUndefined();
    expect(translateMessage(received("X5", undefined, { messageStubType: WAMessageStubType.REVOKE }))).toBeUndefined();
  });

  it("skips statuses, broadcast lists and channels", () => {
    for (const remoteJid of ["status@broadcast", "1700000000@broadcast", "120363000000000002@newsletter"]) {
      const message = received("X1", { conversation: "x" }, { key: { remoteJid, id: "X1", participant: customer } });
      expect(translateMessage(message)).toBeUndefined();
    }
  });

  it("skips reactions, edits, deletions, polls and key distribution", () => {
    const target = { remoteJid: customer, fromMe: true, id: "3EB0MINE" };
    const contents: WAMessage["message"][] = [
      { reactionMessage: { key: target, text: "👍" } },
      {
        editedMessage: {
          message: {
            protocolMessage: {
              key: target,
              type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
              editedMessage: { conversation: "changed" },
            },
          },
        },
      },
      { protocolMessage: { key: target, type: proto.Message.ProtocolMessage.Type.REVOKE } },
      { pollCreationMessage: { name: "Lunch?", options: [{ optionName: "yes" }] } },
      { senderKeyDistributionMessage: { groupId: group } },
    ];
    expect(contents.map((content, index) => translateMessage(received(`X${index}`, content)))).toEqual(
      contents.map(() => undefined),
    );
  });

  it("skips a sender with no number", () => {
    const message = received("X1", { conversation: "x" }, { key: { remoteJid: group, id: "X1" } });
    expect(translateMessage(message)).toBeUndefined();
  });
});

describe("ackOf", () => {
  const update = (status: number | null, fromMe = true, id: string | null = "M1") => ({
    key: { remoteJid: customer, fromMe, id },
    update: { status },
  });

  it("maps Baileys' statuses of our messages (2 server ack ... 5 played) to acks 1..4", () => {
    expect([0, 1, 2, 3, 4, 5, 6, null].map((status) => ackOf(update(status)))).toEqual([
      undefined,
      undefined,
      { providerId: "M1", ack: 1 },
      { providerId: "M1", ack: 2 },
      { providerId: "M1", ack: 3 },
      { providerId: "M1", ack: 4 },
      undefined,
      undefined,
    ]);
  });

  it("ignores updates of the customer's messages and updates without an id", () => {
    expect(ackOf(update(4, false))).toBeUndefined();
    expect(ackOf(update(4, true, null))).toBeUndefined();
  });
});
