import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import type { Whatsapp } from "@atendo/shared";
import { toast } from "react-toastify";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import MessagesApiPage from "./MessagesApiPage";

const api = mockedApi();

const connection = (id: number, name: string, token: string, status: Whatsapp["status"] = "CONNECTED") =>
  ({ id, name, token, status, isDefault: id === 1 }) as Whatsapp;

type FetchCall = [string, RequestInit];
let fetchMock: ReturnType<typeof vi.fn>;
function answerWith(status: number, body: unknown) {
  fetchMock.mockImplementation(
    async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
  );
}
const sent = (index = 0) => fetchMock.mock.calls[index] as unknown as FetchCall;

const form = (name: string) => screen.getByRole("form", { name });
const jsonForm = () => form("Teste de envio (JSON)");
const multipartForm = () => form("Teste de envio (multipart)");
const tokenField = () => screen.getByRole("textbox", { name: /^Token/ }) as HTMLInputElement;

async function pickConnection(name: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: "Conexão" }));
  fireEvent.click(await screen.findByRole("option", { name }));
}

describe("MessagesApiPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    api.get.mockImplementation(async (path) => {
      if (path !== "/whatsapp") throw new Error(`unexpected GET ${path}`);
      return [
        connection(1, "Simulador", "tok-simulador"),
        connection(2, "Vendas", "tok-vendas", "DISCONNECTED"),
        connection(3, "Sem token", ""),
      ];
    });
    fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.clearAllMocks();
  });

  it("documents the call for this origin and links the OpenAPI document", async () => {
    render(withQueryClient(<MessagesApiPage />));
    expect(screen.getByRole("heading", { name: "API de mensagens" })).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Endpoint" }).textContent).toBe(
      `POST ${window.location.origin}/api/messages/send`,
    );
    expect(screen.getByRole("link", { name: /Documento OpenAPI/ }).getAttribute("href")).toBe("/docs");
    expect(screen.getByRole("link", { name: "OpenAPI em JSON" }).getAttribute("href")).toBe("/docs/json");
    expect(screen.getByText(/Até 60 chamadas por minuto/)).toBeTruthy();
    const errors = within(screen.getByRole("table", { name: "Erros" }));
    expect(errors.getByText("401 ERR_INVALID_TOKEN")).toBeTruthy();
    expect(errors.getByText("400 ERR_WAPP_NOT_INITIALIZED")).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Exemplo com curl (JSON)" }).textContent).toContain("Bearer <TOKEN>");
  });

  it("fills the token of the connection picked, warns when it is not connected, and puts it in the curl examples", async () => {
    render(withQueryClient(<MessagesApiPage />));
    await pickConnection("Vendas");
    expect(tokenField().value).toBe("tok-vendas");
    expect(screen.getByText(/Esta conexão não está conectada/)).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Exemplo com curl (multipart)" }).textContent).toContain(
      "'Authorization: Bearer tok-vendas'",
    );
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Conexão" }));
    expect(
      (await screen.findByRole("option", { name: "Sem token (sem token visível)" })).getAttribute("aria-disabled"),
    ).toBe("true");
    fireEvent.click(screen.getByRole("option", { name: "Simulador" }));
    expect(tokenField().value).toBe("tok-simulador");
    expect(screen.queryByText(/Esta conexão não está conectada/)).toBeNull();

    // Typed by hand: the choice goes back to a pasted token.
    fireEvent.change(tokenField(), { target: { value: "colado-123" } });
    expect(screen.getByRole("combobox", { name: "Conexão" }).textContent).toBe("Colar um token");
  });

  it("sends the JSON form for real and shows the status and the JSON answered", async () => {
    answerWith(200, { message: "sent", ticketId: 12, messageId: 34 });
    const success = vi.spyOn(toast, "success");
    render(withQueryClient(<MessagesApiPage />));
    await pickConnection("Simulador");
    fireEvent.change(within(jsonForm()).getByRole("textbox", { name: /Número/ }), {
      target: { value: "5511999998888" },
    });
    fireEvent.change(within(jsonForm()).getByRole("textbox", { name: /Mensagem/ }), { target: { value: "Olá!" } });
    fireEvent.click(within(jsonForm()).getByRole("button", { name: "Enviar" }));

    const answer = await screen.findByRole("status", { name: "Resposta do servidor" });
    expect(within(answer).getByText("HTTP 200")).toBeTruthy();
    expect(
      JSON.parse(within(answer).getByRole("figure", { name: "Resposta do servidor JSON" }).textContent ?? ""),
    ).toEqual({
      message: "sent",
      ticketId: 12,
      messageId: 34,
    });
    expect(success).toHaveBeenCalledWith("Mensagem enviada com sucesso!", expect.anything());
    const [url, init] = sent();
    expect(url).toBe("/api/messages/send");
    expect(init.headers).toMatchObject({ Authorization: "Bearer tok-simulador" });
    expect(JSON.parse(init.body as string)).toEqual({ number: "5511999998888", body: "Olá!" });
    // The session client is not involved: its 401 handling must not see the connection's token.
    expect(api.post).not.toHaveBeenCalled();
  });

  it("sends the multipart form with its files and explains a refusal", async () => {
    answerWith(400, { error: "ERR_WAPP_NOT_INITIALIZED" });
    render(withQueryClient(<MessagesApiPage />));
    fireEvent.change(tokenField(), { target: { value: "tok-vendas" } });
    fireEvent.change(within(multipartForm()).getByRole("textbox", { name: /Número/ }), {
      target: { value: "5511988887777" },
    });
    fireEvent.change(within(multipartForm()).getByRole("textbox", { name: /Legenda/ }), {
      target: { value: "Seu boleto" },
    });
    const png = new File([new Uint8Array(64)], "boleto.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("messages-api-medias"), { target: { files: [png] } });
    expect(within(multipartForm()).getByText("boleto.png")).toBeTruthy();
    fireEvent.click(within(multipartForm()).getByRole("button", { name: "Enviar" }));

    const answer = await within(multipartForm().parentElement!).findByRole("status");
    expect(within(answer).getByText("HTTP 400")).toBeTruthy();
    expect(within(answer).getByText("A conexão deste token não está conectada.")).toBeTruthy();
    const body = sent()[1].body as FormData;
    expect(body.get("number")).toBe("5511988887777");
    expect(body.get("body")).toBe("Seu boleto");
    expect((body.get("medias") as File).name).toBe("boleto.png");
  });

  it("shows every problem before sending: the token, the number, the text and the files", async () => {
    render(withQueryClient(<MessagesApiPage />));
    fireEvent.change(within(jsonForm()).getByRole("textbox", { name: /Número/ }), {
      target: { value: "+55 (11) 99999-8888" },
    });
    fireEvent.click(within(jsonForm()).getByRole("button", { name: "Enviar" }));
    expect(await within(jsonForm()).findByText("Só dígitos, com o código do país (8 a 15 dígitos)")).toBeTruthy();
    expect(within(jsonForm()).getByText("Campo obrigatório")).toBeTruthy();
    expect(screen.getByText("Informe o token da conexão")).toBeTruthy();

    fireEvent.change(within(multipartForm()).getByRole("textbox", { name: /Número/ }), {
      target: { value: "5511999998888" },
    });
    fireEvent.click(within(multipartForm()).getByRole("button", { name: "Enviar" }));
    expect(await within(multipartForm()).findByText("Escolha ao menos um arquivo")).toBeTruthy();

    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], "grande.jpg", { type: "image/jpeg" });
    fireEvent.change(screen.getByTestId("messages-api-medias"), { target: { files: [big] } });
    fireEvent.click(within(multipartForm()).getByRole("button", { name: "Enviar" }));
    expect(await within(multipartForm()).findByText("grande.jpg: arquivo é muito grande! 2MB máximo")).toBeTruthy();

    fireEvent.change(tokenField(), { target: { value: "tok" } });
    expect(screen.queryByText("Informe o token da conexão")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    render(withQueryClient(<MessagesApiPage />));
    fireEvent.change(tokenField(), { target: { value: "tok" } });
    fireEvent.change(within(jsonForm()).getByRole("textbox", { name: /Número/ }), {
      target: { value: "5511999998888" },
    });
    fireEvent.change(within(jsonForm()).getByRole("textbox", { name: /Mensagem/ }), { target: { value: "Oi" } });
    fireEvent.click(within(jsonForm()).getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(screen.getByText("Sem resposta do servidor")).toBeTruthy());
  });
});
