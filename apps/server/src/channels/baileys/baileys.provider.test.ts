import { DisconnectReason, initAuthCreds, type WAMessage } from "@whiskeysockets/baileys";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppContext } from "../../context.js";
import type { InboundCall, InboundMessage, ProviderAck, ProviderCallbacks } from "../provider.js";
import type { BaileysAuthState } from "./auth-state.js";
import { ackFromStatus, MEDIA_UNAVAILABLE } from "./baileys.inbound.js";
import { mediaContent } from "./baileys.outbound.js";
import { BAILEYS_DEFAULTS, BaileysProvider, backoffDelay } from "./baileys.provider.js";
import { fakeSocketFactory } from "./fake-socket.js";
import { toJid } from "./jid.js";

const connection = { id: 7, companyId: 3, provider: "baileys" as const };
const customer = "5511999990001@s.whatsapp.net";
const group = "120363000000000001@g.us";

function closeWith(statusCode: number) {
  return {
    connection: "close" as const,
    lastDisconnect: { error: Object.assign(new Error("closed"), { output: { statusCode } }), date: new Date() },
  };
}

function setup() {
  const sockets = fakeSocketFactory();
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn(), debug: vi.fn() };
  const inbound: InboundMessage[] = [];
  const callbacks = {
    onQr: vi.fn(async (_qr: string) => undefined),
    onStatus: vi.fn(async () => undefined),
    onInbound: vi.fn(async (message: InboundMessage) => void inbound.push(message)),
    onAcks: vi.fn(async (_acks: ProviderAck[]) => undefined),
    onCall: vi.fn(async (_call: InboundCall) => undefined),
  } satisfies ProviderCallbacks;
  const auth: BaileysAuthState = {
    state: { creds: initAuthCreds(), keys: { get: async () => ({}), set: async () => undefined } },
    saveCreds: vi.fn(async () => undefined),
    clear: vi.fn(async () => undefined),
  };
  const authState = vi.fn(async () => auth);
  const downloadMedia = vi.fn(async (_message: WAMessage) => Buffer.from("jpeg-bytes"));
  const provider = new BaileysProvider({ db: {} as AppContext["db"], log: log as never }, connection, callbacks, {
    ...BAILEYS_DEFAULTS,
    socketFactory: sockets.factory,
    downloadMedia,
    authState,
    clearAuthState: vi.fn(async () => undefined),
  });
  return { provider, sockets, callbacks, inbound, auth, authState, downloadMedia, log };
}

/** Lets the provider's async event handlers run. */
const settle = async () => {
  for (let i = 0; i < 30; i++) await Promise.resolve();
};

async function connected(t: ReturnType<typeof setup>) {
  await t.provider.start();
  t.sockets.last.user = { id: "5511988887777:12@s.whatsapp.net" };
  t.sockets.last.emit("connection.update", { connection: "open" });
  await settle();
  return t.sockets.last;
}

function upsert(t: ReturnType<typeof setup>, ...messages: WAMessage[]) {
  t.sockets.last.emit("messages.upsert", { messages, type: "notify" });
}

describe("BaileysProvider connection", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it("creates the socket with the auth state and a silent logger, and saves creds on creds.update", async () => {
    await t.provider.start();
    const { config } = t.sockets.last;
    expect(t.authState).toHaveBeenCalledWith({ companyId: 3, whatsappId: 7 });
    expect(config.auth?.creds).toBe(t.auth.state.creds);
    expect(config.logger?.level).toBe("silent");
    t.sockets.last.emit("creds.update", { registered: true });
    await settle();
    expect(t.auth.saveCreds).toHaveBeenCalledTimes(1);
  });

  it("reports a QR code (status qrcode through onQr), OPENING while connecting and CONNECTED with the number", async () => {
    await t.provider.start();
    const socket = t.sockets.last;
    socket.emit("connection.update", { connection: "connecting" });
    socket.emit("connection.update", { qr: "2@abc,def,ghi" });
    await settle();
    expect(t.callbacks.onStatus).toHaveBeenCalledWith("OPENING");
    expect(t.callbacks.onQr).toHaveBeenCalledWith("2@abc,def,ghi");

    socket.user = { id: "5511988887777:12@s.whatsapp.net" };
    socket.emit("connection.update", { connection: "open" });
    await settle();
    expect(t.callbacks.onStatus).toHaveBeenLastCalledWith("CONNECTED", { number: "5511988887777" });
    expect(t.provider.status).toBe("open");
  });

  it("on a logged-out close: clears the auth state, goes DISCONNECTED and does not reconnect", async () => {
    vi.useFakeTimers();
    try {
      await connected(t);
      t.sockets.last.emit("connection.update", closeWith(DisconnectReason.loggedOut));
      await settle();
      expect(t.auth.clear).toHaveBeenCalledTimes(1);
      expect(t.callbacks.onStatus).toHaveBeenLastCalledWith("DISCONNECTED");
      await vi.advanceTimersByTimeAsync(120_000);
      expect(t.sockets.sockets).toHaveLength(1);
      expect(t.provider.status).toBe("stopped");
    } finally {
      vi.useRealTimers();
    }
  });

  it("on any other close: DISCONNECTED meanwhile, then reconnects after 1s, 2s, 4s ... capped at 60s", async () => {
    vi.useFakeTimers();
    try {
      await connected(t);
      const expected = [1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000];
      for (const [index, delay] of expected.entries()) {
        t.sockets.last.emit("connection.update", closeWith(DisconnectReason.timedOut));
        await settle();
        expect(t.callbacks.onStatus).toHaveBeenLastCalledWith("DISCONNECTED");
        await vi.advanceTimersByTimeAsync(delay - 1);
        expect(t.sockets.sockets).toHaveLength(index + 1);
        await vi.advanceTimersByTimeAsync(1);
        expect(t.sockets.sockets).toHaveLength(index + 2);
      }
      expect(t.auth.clear).not.toHaveBeenCalled();

      // Once open again the delay starts over.
      t.sockets.last.emit("connection.update", { connection: "open" });
      await settle();
      t.sockets.last.emit("connection.update", closeWith(DisconnectReason.connectionLost));
      await settle();
      const count = t.sockets.sockets.length;
      await vi.advanceTimersByTimeAsync(1000);
      expect(t.sockets.sockets).toHaveLength(count + 1);
    } finally {
      vi.useRealTimers();
    }
  });

  it("reconnects at once after restartRequired (the forced restart after a QR scan)", async () => {
    vi.useFakeTimers();
    try {
      await t.provider.start();
      t.sockets.last.emit("connection.update", closeWith(DisconnectReason.restartRequired));
      await settle();
      await vi.advanceTimersByTimeAsync(0);
      expect(t.sockets.sockets).toHaveLength(2);
      expect(t.callbacks.onStatus).not.toHaveBeenCalledWith("DISCONNECTED");
    } finally {
      vi.useRealTimers();
    }
  });

  it("stop() ends the socket without logout, keeps the pairing and ignores later events", async () => {
    vi.useFakeTimers();
    try {
      const socket = await connected(t);
      await t.provider.stop();
      expect(socket.end).toHaveBeenCalledWith(undefined);
      expect(socket.logout).not.toHaveBeenCalled();
      expect(t.auth.clear).not.toHaveBeenCalled();
      socket.emit("connection.update", closeWith(DisconnectReason.connectionClosed));
      await settle();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(t.sockets.sockets).toHaveLength(1);
      await expect(t.provider.sendText("5511999990001", "hi")).rejects.toMatchObject({
        code: "ERR_WAPP_NOT_INITIALIZED",
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("logout() logs out on WhatsApp, then clears the auth state", async () => {
    const socket = await connected(t);
    await t.provider.logout();
    expect(socket.logout).toHaveBeenCalledTimes(1);
    expect(t.auth.clear).toHaveBeenCalledTimes(1);
    expect(t.provider.status).toBe("stopped");
  });
});

describe("BaileysProvider inbound", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(async () => {
    t = setup();
    await connected(t);
  });
  afterEach(async () => t.provider.stop());

  const base = (id: string, message: WAMessage["message"], extra: Partial<WAMessage> = {}): WAMessage => ({
    key: { remoteJid: customer, fromMe: false, id },
    message,
    pushName: "Ana",
    messageTimestamp: 1_700_000_000,
    ...extra,
  });

  it("passes text and a quoted extended text to onInbound", async () => {
    upsert(
      t,
      base("A1", { conversation: "hello" }),
      base("A2", { extendedTextMessage: { text: "answering", contextInfo: { stanzaId: "3EB0QUOTED" } } }),
    );
    await settle();
    expect(t.inbound).toEqual([
      { providerId: "A1", from: "5511999990001", name: "Ana", body: "hello", timestamp: 1_700_000_000_000 },
      {
        providerId: "A2",
        from: "5511999990001",
        name: "Ana",
        body: "answering",
        timestamp: 1_700_000_000_000,
        quotedProviderId: "3EB0QUOTED",
      },
    ]);
  });

  it("downloads an image with its caption", async () => {
    upsert(t, base("A3", { imageMessage: { mimetype: "image/jpeg", caption: "look" } }));
    await settle();
    expect(t.downloadMedia).toHaveBeenCalledTimes(1);
    expect(t.inbound[0]).toMatchObject({
      providerId: "A3",
      body: "look",
      media: { type: "image", mimeType: "image/jpeg", fileName: "A3.jpg", data: Buffer.from("jpeg-bytes") },
    });
  });

  it("keeps a document's name, and marks media it cannot download", async () => {
    t.downloadMedia.mockRejectedValueOnce(new Error("404"));
    upsert(
      t,
      base("A4", { audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true } }),
      base("A5", { documentMessage: { mimetype: "application/pdf", fileName: "invoice.pdf" } }),
    );
    await settle();
    expect(t.inbound[0]).toMatchObject({ providerId: "A4", body: MEDIA_UNAVAILABLE });
    expect(t.inbound[0]?.media).toBeUndefined();
    expect(t.log.error).toHaveBeenCalled();
    expect(t.inbound[1]?.media).toMatchObject({ type: "application", fileName: "invoice.pdf" });
  });

  it("passes a location (name and address as the description, no thumbnail) and a vcard", async () => {
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:Bruno\nTEL;type=CELL;waid=5511999990002:+55 11 99999-0002\nEND:VCARD";
    upsert(
      t,
      base("A6", {
        locationMessage: {
          degreesLatitude: -23.55,
          degreesLongitude: -46.63,
          name: "Office",
          address: "Av. Paulista, 1000",
          jpegThumbnail: Buffer.from("thumb"),
        },
      }),
      base("A7", { contactMessage: { displayName: "Bruno", vcard } }),
    );
    await settle();
    expect(t.inbound[0]).toMatchObject({
      providerId: "A6",
      body: "",
      location: { lat: -23.55, lng: -46.63, description: "Office - Av. Paulista, 1000" },
    });
    expect(t.inbound[0]?.location).not.toHaveProperty("thumbnailUrl");
    expect(t.inbound[1]).toMatchObject({ providerId: "A7", vcard });
  });

  it("passes a group message with the group's name (cached) and the participant", async () => {
    const fromGroup = (id: string) =>
      base(id, { conversation: "hi all" }, { key: { remoteJid: group, fromMe: false, id, participant: customer } });
    upsert(t, fromGroup("G1"), fromGroup("G2"));
    await settle();
    expect(t.inbound[0]).toEqual({
      providerId: "G1",
      from: "5511999990001",
      name: "Ana",
      participantName: "Ana",
      body: "hi all",
      timestamp: 1_700_000_000_000,
      group: { id: "120363000000000001", name: "Family" },
    });
    expect(t.inbound).toHaveLength(2);
    expect(t.sockets.last.groupMetadata).toHaveBeenCalledTimes(1);
  });

  it("tolerates a failing group metadata call (the id stands for the name)", async () => {
    t.sockets.last.groupMetadata.mockRejectedValueOnce(new Error("forbidden"));
    upsert(t, base("G3", { conversation: "x" }, { key: { remoteJid: group, id: "G3", participant: customer } }));
    await settle();
    expect(t.inbound[0]?.group).toEqual({ id: "120363000000000001", name: "120363000000000001" });
  });

  it("skips our own messages, status broadcasts, non-notify upserts and protocol messages", async () => {
    upsert(
      t,
      base("S1", { conversation: "mine" }, { key: { remoteJid: customer, fromMe: true, id: "S1" } }),
      base(
        "S2",
        { conversation: "story" },
        { key: { remoteJid: "status@broadcast", id: "S2", participant: customer } },
      ),
      base("S3", { protocolMessage: { type: 0 } }),
    );
    t.sockets.last.emit("messages.upsert", { messages: [base("S4", { conversation: "old" })], type: "append" });
    await settle();
    expect(t.callbacks.onInbound).not.toHaveBeenCalled();
  });

  it("unwraps ephemeral messages and keeps going after a failing ingestion", async () => {
    t.callbacks.onInbound.mockRejectedValueOnce(new Error("db down"));
    upsert(
      t,
      base("E1", { conversation: "first" }),
      base("E2", { ephemeralMessage: { message: { extendedTextMessage: { text: "disappearing" } } } }),
    );
    await settle();
    expect(t.callbacks.onInbound).toHaveBeenCalledTimes(2);
    expect(t.inbound).toEqual([expect.objectContaining({ providerId: "E2", body: "disappearing" })]);
  });

  it("maps message status updates of our messages to acks 1..4, one event's as one batch", async () => {
    const update = (id: string, status: number, fromMe = true) => ({
      key: { remoteJid: customer, fromMe, id },
      update: { status },
    });
    t.sockets.last.emit("messages.update", [
      update("M1", 1),
      update("M1", 2),
      update("M1", 3),
      update("M1", 4),
      update("M1", 5),
      update("X1", 4, false),
    ]);
    await settle();
    expect(t.callbacks.onAcks.mock.calls).toEqual([
      [
        [
          { providerId: "M1", ack: 1 },
          { providerId: "M1", ack: 2 },
          { providerId: "M1", ack: 3 },
          { providerId: "M1", ack: 4 },
        ],
      ],
    ]);
    // An event with no ack of ours reports nothing.
    t.sockets.last.emit("messages.update", [update("X2", 3, false)]);
    await settle();
    expect(t.callbacks.onAcks).toHaveBeenCalledTimes(1);
  });

  it("reports a ringing call to onCall and rejects it with the caller's JID as WhatsApp gave it", async () => {
    const date = new Date(1_700_000_000_000);
    t.sockets.last.emit("call", [
      { chatId: customer, from: customer, id: "C1", date, status: "offer", offline: false, isVideo: true },
    ]);
    await settle();
    expect(t.callbacks.onCall).toHaveBeenCalledWith({
      callId: "C1",
      from: "5511999990001",
      isVideo: true,
      timestamp: date.getTime(),
    });
    await t.provider.rejectCall({ callId: "C1", from: "5511999990001" });
    expect(t.sockets.last.rejectCall).toHaveBeenCalledWith("C1", customer);
  });

  it("ignores later states of a call, group calls and callers known only by LID", async () => {
    const call = { chatId: customer, from: customer, date: new Date(), offline: false };
    t.sockets.last.emit("call", [
      { ...call, id: "C2", status: "timeout" },
      { ...call, id: "C3", status: "offer", isGroup: true },
      { ...call, id: "C4", status: "offer", from: "123456789@lid" },
    ]);
    await settle();
    expect(t.callbacks.onCall).not.toHaveBeenCalled();
  });

  it("passes the phone's missed-call entries as call_log messages, except for a call it just rejected", async () => {
    const missed = (id: string, type: number, from = customer) =>
      base(id, undefined, { key: { remoteJid: from, fromMe: false, id }, messageStubType: type });
    upsert(t, missed("S1", 40), missed("S2", 41));
    await settle();
    expect(t.inbound.map((message) => [message.providerId, message.call, message.body])).toEqual([
      ["S1", { isVideo: false }, expect.stringMatching(/^Chamada de voz perdida às \d\d:\d\d$/)],
      ["S2", { isVideo: true }, expect.stringMatching(/^Chamada de vídeo perdida às/)],
    ]);

    await t.provider.rejectCall({ callId: "C5", from: "5511999990001" });
    upsert(t, { ...missed("S3", 40), messageTimestamp: Math.floor(Date.now() / 1000) });
    await settle();
    expect(t.inbound.map((message) => message.providerId)).toEqual(["S1", "S2"]);
  });
});

describe("BaileysProvider outbound", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(async () => {
    t = setup();
    await connected(t);
  });

  it("sends text to the number's JID, with a quote when replying, answering the message id", async () => {
    const socket = t.sockets.last;
    expect(await t.provider.sendText("5511999990001", "hello")).toEqual({ providerId: "3EB0FAKE1" });
    expect(socket.sendMessage).toHaveBeenLastCalledWith(customer, { text: "hello" }, undefined);

    await t.provider.sendText("120363000000000001", "to the group", { quotedProviderId: "Q1" });
    expect(socket.sendMessage).toHaveBeenLastCalledWith(
      group,
      { text: "to the group" },
      { quoted: { key: { remoteJid: group, id: "Q1", fromMe: false }, message: { conversation: "" } } },
    );
    // Kept for Baileys' retry requests.
    expect(await socket.config.getMessage?.({ id: "3EB0FAKE1" })).toEqual({ conversation: "hello" });
  });

  it("sends media by MIME type (ogg/opus as a voice note)", async () => {
    const socket = t.sockets.last;
    const data = Buffer.from("bytes");
    await t.provider.sendMedia("5511999990001", { data, fileName: "a.jpg", mimeType: "image/jpeg", caption: "hi" });
    expect(socket.sendMessage).toHaveBeenLastCalledWith(
      customer,
      { image: data, mimetype: "image/jpeg", caption: "hi" },
      undefined,
    );
    await t.provider.sendMedia("5511999990001", { data, fileName: "v.ogg", mimeType: "audio/ogg" });
    expect(socket.sendMessage).toHaveBeenLastCalledWith(
      customer,
      { audio: data, mimetype: "audio/ogg; codecs=opus", ptt: true },
      undefined,
    );
    expect(mediaContent({ data, fileName: "s.mp3", mimeType: "audio/mpeg" })).toEqual({
      audio: data,
      mimetype: "audio/mpeg",
      ptt: false,
    });
    // The caller's choice wins over the type: a recorded mp3 is a voice note, an ogg may be a plain file.
    expect(mediaContent({ data, fileName: "s.mp3", mimeType: "audio/mpeg", voiceNote: true })).toEqual({
      audio: data,
      mimetype: "audio/mpeg",
      ptt: true,
    });
    expect(mediaContent({ data, fileName: "v.ogg", mimeType: "audio/ogg", voiceNote: false })).toEqual({
      audio: data,
      mimetype: "audio/ogg; codecs=opus",
      ptt: false,
    });
    expect(mediaContent({ data, fileName: "c.mp4", mimeType: "video/mp4", caption: "clip" })).toEqual({
      video: data,
      mimetype: "video/mp4",
      fileName: "c.mp4",
      caption: "clip",
    });
    expect(mediaContent({ data, fileName: "r.pdf", mimeType: "application/pdf" })).toEqual({
      document: data,
      mimetype: "application/pdf",
      fileName: "r.pdf",
    });
  });

  it("deletes for everyone and checks numbers", async () => {
    const socket = t.sockets.last;
    await t.provider.deleteMessage("5511999990001", "3EB0ABC");
    expect(socket.sendMessage).toHaveBeenLastCalledWith(customer, {
      delete: { remoteJid: customer, fromMe: true, id: "3EB0ABC" },
    });
    expect(await t.provider.checkNumber("5511999990001")).toBe(true);
    expect(socket.onWhatsApp).toHaveBeenLastCalledWith(customer);
    expect(await t.provider.checkNumber("4420000000")).toBe(false);
  });

  it("answers ERR_SENDING_WAPP_MSG when the socket fails", async () => {
    t.sockets.last.sendMessage.mockRejectedValueOnce(new Error("boom"));
    await expect(t.provider.sendText("5511999990001", "x")).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG" });
  });
});

describe("BaileysProvider address book", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it("answers the people the phone synced (saved name, then push name, then business name), without groups, broadcasts or LIDs", async () => {
    const socket = await connected(t);
    socket.emit("contacts.upsert", [
      { id: customer, name: "Ana Saved", notify: "Ana" },
      { id: "5511999990002@s.whatsapp.net", notify: "Bruno" },
      { id: "5511999990003:4@s.whatsapp.net", verifiedName: "Loja da Carla" },
      { id: "5511999990004@s.whatsapp.net" },
      { id: "123456789012345@lid", jid: "5511999990005@s.whatsapp.net", name: "Dora" },
      { id: group, name: "Family" },
      { id: "status@broadcast" },
      { id: "987654321098765@lid", name: "Only a LID" },
    ]);
    socket.emit("contacts.update", [
      { id: "5511999990002@s.whatsapp.net", name: "Bruno Souza" },
      { id: "5511999990006@s.whatsapp.net", imgUrl: "changed" },
    ]);
    socket.emit("messaging-history.set", {
      chats: [],
      messages: [],
      contacts: [{ id: "5511999990007@s.whatsapp.net", notify: "Eva" }],
    });

    const book = await t.provider.listContacts();
    expect(book.sort((a, b) => a.number.localeCompare(b.number))).toEqual([
      { number: "5511999990001", name: "Ana Saved" },
      { number: "5511999990002", name: "Bruno Souza" },
      { number: "5511999990003", name: "Loja da Carla" },
      { number: "5511999990004", name: "" },
      { number: "5511999990005", name: "Dora" },
      { number: "5511999990007", name: "Eva" },
    ]);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED while not open, and forgets the book on a new start", async () => {
    await expect(t.provider.listContacts()).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    const socket = await connected(t);
    socket.emit("contacts.upsert", [{ id: customer, name: "Ana" }]);
    expect(await t.provider.listContacts()).toHaveLength(1);
    await t.provider.stop();
    await connected(t);
    expect(await t.provider.listContacts()).toEqual([]);
  });
});

describe("helpers", () => {
  it("maps Baileys' statuses (2 server ack ... 5 played) to acks 1..4", () => {
    expect([0, 1, 2, 3, 4, 5, 6, null].map(ackFromStatus)).toEqual([
      undefined,
      undefined,
      1,
      2,
      3,
      4,
      undefined,
      undefined,
    ]);
  });

  it("backs off 1s, 2s, 4s ... up to 60s", () => {
    expect([0, 1, 2, 5, 6, 10].map((n) => backoffDelay(n, 1000, 60_000))).toEqual([
      1000, 2000, 4000, 32_000, 60_000, 60_000,
    ]);
  });

  it("builds JIDs: numbers to s.whatsapp.net, group ids to g.us", () => {
    expect(toJid("5511999990001")).toBe(customer);
    expect(toJid("+55 (11) 99999-0001")).toBe(customer);
    expect(toJid("120363000000000001")).toBe(group);
    expect(toJid("551199999999-1612345678")).toBe("551199999999-1612345678@g.us");
    expect(toJid(group)).toBe(group);
  });
});
