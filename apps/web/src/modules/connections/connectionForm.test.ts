import { describe, expect, it } from "vitest";
import { ConnectionForm, emptyConnectionForm, generateToken, toWhatsappBody } from "./connectionForm";

describe("the connection form", () => {
  it("starts with the spec's defaults", () => {
    const empty = emptyConnectionForm();
    expect(empty).toMatchObject({ provider: "beta", maxUseBotQueues: "3", expiresTicket: "0", timeUseBotQueues: "0" });
  });

  it("requires a name of 2 to 50 characters", () => {
    const check = (name: string) => ConnectionForm.safeParse({ ...emptyConnectionForm(), name });
    expect(check("").error?.issues[0]?.message).toBe("required");
    expect(check("A").error?.issues[0]?.message).toBe("tooShort");
    expect(check("A".repeat(51)).error?.issues[0]?.message).toBe("tooLong");
    expect(check("Vendas").success).toBe(true);
  });

  it("requires a greeting with more than one queue, and a time with a transfer queue", () => {
    const base = { ...emptyConnectionForm(), name: "Vendas" };
    const greeting = ConnectionForm.safeParse({ ...base, queueIds: [1, 2] });
    expect(greeting.error?.issues).toEqual([
      expect.objectContaining({ path: ["greetingMessage"], message: "greetingRequired" }),
    ]);
    expect(ConnectionForm.safeParse({ ...base, queueIds: [1, 2], greetingMessage: "Olá!" }).success).toBe(true);
    const transfer = ConnectionForm.safeParse({ ...base, transferQueueId: "4" });
    expect(transfer.error?.issues[0]?.path).toEqual(["timeToTransfer"]);
  });

  it("turns typed text into the API's numbers and nulls", () => {
    const body = toWhatsappBody({
      ...emptyConnectionForm("simulator"),
      name: "  Vendas ",
      queueIds: [3],
      expiresTicket: "",
      maxUseBotQueues: "5",
      timeToTransfer: "10",
      transferQueueId: "3",
      promptId: "",
      integrationId: "7",
    });
    expect(body).toMatchObject({
      name: "Vendas",
      provider: "simulator",
      queueIds: [3],
      expiresTicket: 0,
      maxUseBotQueues: 5,
      timeToTransfer: 10,
      transferQueueId: 3,
      promptId: null,
      integrationId: 7,
    });
  });

  it("generates 32 hex characters as a token", () => {
    expect(generateToken()).toMatch(/^[0-9a-f]{32}$/);
    expect(generateToken((bytes) => bytes.fill(255))).toBe("f".repeat(32));
  });
});
