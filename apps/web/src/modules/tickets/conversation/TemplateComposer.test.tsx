import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../api/client", () => ({ api: { get: vi.fn() }, toastError: vi.fn() }));
vi.mock("./conversationApi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./conversationApi")>()),
  sendTemplate: vi.fn(),
}));

import type { CloudTemplate, Ticket, TicketMessage } from "@atendo/shared";
import { toastError } from "../../../api/client";
import { mockedApi } from "../../../api/testing";
import i18n from "../../../i18n";
import { withQueryClient } from "../../users/testUtils";
import { sendTemplate } from "./conversationApi";
import { TemplateComposer } from "./TemplateComposer";

const api = mockedApi();
const ticket = { id: 10, uuid: "uuid-10", status: "open", whatsappId: 4, contact: { id: 3, name: "Maria" } } as Ticket;
const templates: CloudTemplate[] = [
  {
    name: "retomar_atendimento",
    language: "pt_BR",
    category: "UTILITY",
    body: "Olá {{1}}, podemos continuar sobre {{2}}?",
    variables: 2,
  },
  { name: "boas_vindas", language: "pt_BR", category: "MARKETING", body: "Bem-vindo!", variables: 0 },
];

function renderComposer() {
  const onSent = vi.fn();
  render(withQueryClient(<TemplateComposer ticket={ticket} onSent={onSent} />));
  return { onSent, send: screen.getByRole("button", { name: "Enviar modelo" }) };
}

async function choose(option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: "Modelo de mensagem" }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("TemplateComposer", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockResolvedValue({ templates });
  });
  afterEach(() => {
    cleanup();
    vi.resetAllMocks();
  });

  it("says why only templates may go out and offers the connection's approved templates", async () => {
    renderComposer();
    expect(screen.getByTestId("window-notice").textContent).toContain("Fora da janela de 24 horas");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Modelo de mensagem" }));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["retomar_atendimento (pt_BR)", "boas_vindas (pt_BR)"]);
    expect(api.get).toHaveBeenCalledWith("/whatsapp/{id}/templates", expect.objectContaining({ params: { id: 4 } }));
  });

  it("asks for each variable, previews the text and sends the template with the values trimmed", async () => {
    const message = { id: 99, body: "Olá Maria, podemos continuar sobre a troca?" } as TicketMessage;
    vi.mocked(sendTemplate).mockResolvedValue(message);
    const { onSent, send } = renderComposer();
    await choose("retomar_atendimento (pt_BR)");

    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByRole("textbox", { name: "Variável 1" }), { target: { value: " Maria " } });
    // The preview fills what is typed and keeps the placeholders still empty.
    expect(screen.getByText("Olá Maria , podemos continuar sobre {{2}}?")).toBeTruthy();
    // Every variable is required before the send.
    expect(send).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByRole("textbox", { name: "Variável 2" }), { target: { value: "a troca" } });
    expect(send).toHaveProperty("disabled", false);

    fireEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith([message]));
    expect(sendTemplate).toHaveBeenCalledWith(10, {
      name: "retomar_atendimento",
      language: "pt_BR",
      variables: ["Maria", "a troca"],
    });
    // Sent: the picker starts over.
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Variável 1" })).toBeNull());
  });

  it("sends a template without variables at once, and shows a refused send", async () => {
    const refusal = new Error("ERR_NO_TEMPLATE_FOUND");
    vi.mocked(sendTemplate).mockRejectedValue(refusal);
    const { onSent, send } = renderComposer();
    await choose("boas_vindas (pt_BR)");
    expect(screen.queryByRole("textbox", { name: "Variável 1" })).toBeNull();
    expect(screen.getByText("Bem-vindo!")).toBeTruthy();

    fireEvent.click(send);
    await waitFor(() => expect(toastError).toHaveBeenCalledWith(refusal));
    expect(onSent).not.toHaveBeenCalled();
    expect(sendTemplate).toHaveBeenCalledWith(10, { name: "boas_vindas", language: "pt_BR", variables: [] });
  });

  it("tells when the business account has no approved template", async () => {
    api.get.mockResolvedValue({ templates: [] });
    renderComposer();
    expect(await screen.findByText("Nenhum modelo aprovado nesta conta do WhatsApp Business.")).toBeTruthy();
  });
});
