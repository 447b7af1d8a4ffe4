import { afterEach, describe, expect, it, vi } from "vitest";
import { answerErrorCode, curlExamples, sendExternalMessage } from "./messagesApi";

afterEach(() => {
  vi.unstubAllGlobals();
});

function stubFetch(status: number, body: string, type = "application/json") {
  const fetchMock = vi.fn(async () => new Response(body, { status, headers: { "Content-Type": type } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("sendExternalMessage", () => {
  it("posts JSON with the connection's token alone, never the session's cookie", async () => {
    const fetchMock = stubFetch(200, '{"message":"sent","ticketId":4,"messageId":9}');
    const result = await sendExternalMessage(" abc123 ", { kind: "json", number: "5511999998888", body: "Olá" });
    expect(result).toEqual({ status: 200, body: { message: "sent", ticketId: 4, messageId: 9 } });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/messages/send");
    expect(init).toMatchObject({
      method: "POST",
      credentials: "omit",
      headers: { Authorization: "Bearer abc123", "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ number: "5511999998888", body: "Olá" }),
    });
  });

  it("posts the multipart form with every file under medias, letting the browser write the boundary", async () => {
    const fetchMock = stubFetch(200, '{"message":"sent","ticketId":4,"messageId":10}');
    const a = new File(["a"], "a.png", { type: "image/png" });
    const b = new File(["b"], "b.pdf", { type: "application/pdf" });
    await sendExternalMessage("abc123", { kind: "multipart", number: "5511999998888", body: "Fotos", medias: [a, b] });
    const init = (fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect(init.headers).not.toHaveProperty("Content-Type");
    const form = init.body as FormData;
    expect(form.get("number")).toBe("5511999998888");
    expect(form.get("body")).toBe("Fotos");
    expect(form.getAll("medias").map((file) => (file as File).name)).toEqual(["a.png", "b.pdf"]);
  });

  it("answers a refusal as it came, and text that is not JSON as text", async () => {
    stubFetch(401, '{"error":"ERR_INVALID_TOKEN"}');
    const refused = await sendExternalMessage("nope", { kind: "json", number: "5511999998888", body: "Oi" });
    expect(refused).toEqual({ status: 401, body: { error: "ERR_INVALID_TOKEN" } });
    expect(answerErrorCode(refused)).toBe("ERR_INVALID_TOKEN");

    stubFetch(502, "Bad Gateway", "text/plain");
    const proxy = await sendExternalMessage("abc", { kind: "json", number: "5511999998888", body: "Oi" });
    expect(proxy).toEqual({ status: 502, body: "Bad Gateway" });
    expect(answerErrorCode(proxy)).toBeUndefined();
  });
});

describe("curlExamples", () => {
  const example = { number: "5511999998888", body: "Pedido d'Ana", file: "./pedido.png" };

  it("writes both calls for this origin, with the token or a placeholder", () => {
    const withToken = curlExamples("https://atendo.example", "tok_1", example);
    expect(withToken.json).toBe(
      [
        "curl -X POST 'https://atendo.example/api/messages/send' \\",
        "  -H 'Authorization: Bearer tok_1' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"number":"5511999998888","body":"Pedido d'\\''Ana"}'`,
      ].join("\n"),
    );
    expect(withToken.multipart).toBe(
      [
        "curl -X POST 'https://atendo.example/api/messages/send' \\",
        "  -H 'Authorization: Bearer tok_1' \\",
        "  -F 'number=5511999998888' \\",
        "  -F 'body=Pedido d'\\''Ana' \\",
        "  -F 'medias=@./pedido.png'",
      ].join("\n"),
    );
    expect(curlExamples("http://localhost:8080", "  ", example).json).toContain("Bearer <TOKEN>");
  });
});
