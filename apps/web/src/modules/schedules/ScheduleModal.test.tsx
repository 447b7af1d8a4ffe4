import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import type { Schedule } from "@atendo/shared";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import { ScheduleModal } from "./ScheduleModal";

const CONTACT = { id: 7, name: "Ana Cliente", number: "5511988887777", profilePicUrl: "" };

const schedule = (overrides: Partial<Schedule> = {}): Schedule => ({
  id: 11,
  body: "Lembrete da consulta",
  sendAt: "2026-05-04T13:30:00.000Z",
  sentAt: null,
  status: "PENDENTE",
  errorCode: null,
  contactId: CONTACT.id,
  ticketId: null,
  userId: 5,
  companyId: 3,
  mediaPath: null,
  mediaName: null,
  contact: CONTACT,
  user: { id: 5, name: "Ana" },
  createdAt: "2026-05-01T10:00:00.000Z",
  updatedAt: "2026-05-01T10:00:00.000Z",
  ...overrides,
});

const api = mockedApi();

/** GET answers: `record` for the dialog's own reads; the company's connections (none: no template offered). */
function answerGets(record: unknown) {
  api.get.mockImplementation(async (path) => (path === "/whatsapp" ? [] : record));
}

describe("ScheduleModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("user") } as SessionValue);
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("schedules from a ticket: its contact fixed, the time one hour ahead, the ticket sent along", async () => {
    answerGets({ ...CONTACT, email: "", isGroup: false, extraInfo: [] });
    api.post.mockResolvedValue(schedule({ body: "Seu pedido saiu" }));
    const onClose = vi.fn();
    const before = Date.now();
    render(withQueryClient(<ScheduleModal open scheduleId={null} contactId={7} ticketId={42} onClose={onClose} />));

    const contact = (await screen.findByDisplayValue("Ana Cliente - 5511988887777")) as HTMLInputElement;
    expect(contact.disabled).toBe(true);
    // The date field shows dd/MM/yyyy HH:mm (its hidden input carries the same text).
    const shown = (document.getElementById("schedule-send-at") as HTMLInputElement).value;
    const [day, month, year, hours, minutes] = shown.split(/[/ :]/).map(Number);
    const chosen = new Date(year!, month! - 1, day, hours, minutes).getTime();
    expect(chosen).toBeGreaterThan(before + 59 * 60_000);
    expect(chosen).toBeLessThanOrEqual(Date.now() + 60 * 60_000);

    fireEvent.change(screen.getByRole("textbox", { name: /Mensagem/ }), { target: { value: "Seu pedido saiu" } });
    fireEvent.click(screen.getByRole("button", { name: "Agendar" }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith("/schedules", {
      body: { body: "Seu pedido saiu", contactId: 7, sendAt: new Date(chosen).toISOString(), ticketId: 42 },
    });
  });

  it("refuses a message under 5 characters without calling the server", async () => {
    answerGets({ ...CONTACT, email: "", isGroup: false, extraInfo: [] });
    render(withQueryClient(<ScheduleModal open scheduleId={null} contactId={7} onClose={vi.fn()} />));
    await screen.findByDisplayValue("Ana Cliente - 5511988887777");
    fireEvent.change(screen.getByRole("textbox", { name: /Mensagem/ }), { target: { value: "Oi" } });
    fireEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(await screen.findByText("Muito curto!")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("shows a sent schedule without a submit button", async () => {
    answerGets(schedule({ status: "ENVIADA", sentAt: "2026-05-04T13:30:02.000Z" }));
    render(withQueryClient(<ScheduleModal open scheduleId={11} onClose={vi.fn()} />));

    expect(await screen.findByText(/Enviado em 04\/05\/2026/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull();
    expect(screen.getByRole("button", { name: "Fechar" })).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /Mensagem/ }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("shows why a failed schedule was not sent, and saves it again", async () => {
    answerGets(schedule({ status: "ERRO", errorCode: "ERR_WAPP_NOT_INITIALIZED" }));
    api.put.mockResolvedValue(schedule());
    const onClose = vi.fn();
    render(withQueryClient(<ScheduleModal open scheduleId={11} onClose={onClose} />));

    const failure = await screen.findByTestId("schedule-failure");
    expect(failure.textContent).toContain("Esta sessão do WhatsApp não foi inicializada");
    // Its own time has passed: saved as it is, it goes out at once.
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/schedules/{id}", {
      params: { id: 11 },
      body: { body: "Lembrete da consulta", contactId: 7, sendAt: "2026-05-04T13:30:00.000Z" },
    });
  });

  it("on a ticket of a Cloud API connection offers a template for outside the 24-hour window", async () => {
    api.get.mockImplementation(async (path) => {
      if (path === "/whatsapp")
        return [
          { id: 1, name: "Simulador", provider: "simulator", isDefault: true },
          { id: 2, name: "Oficial", provider: "cloud", isDefault: false },
        ];
      if (path === "/tickets/{id}") return { id: 42, whatsappId: 2 };
      if (path === "/whatsapp/{id}/templates")
        return {
          templates: [{ name: "lembrete", language: "pt_BR", category: "UTILITY", body: "Oi {{1}}!", variables: 1 }],
        };
      return { ...CONTACT, email: "", isGroup: false, extraInfo: [] };
    });
    api.post.mockResolvedValue(schedule());
    const onClose = vi.fn();
    render(withQueryClient(<ScheduleModal open scheduleId={null} contactId={7} ticketId={42} onClose={onClose} />));
    await screen.findByDisplayValue("Ana Cliente - 5511988887777");
    fireEvent.change(screen.getByRole("textbox", { name: /Mensagem/ }), { target: { value: "Seu pedido saiu" } });
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: /Modelo de mensagem/ }));
    fireEvent.click(await screen.findByRole("option", { name: "lembrete (pt_BR)" }));

    // Every variable first.
    fireEvent.click(screen.getByRole("button", { name: "Agendar" }));
    expect(await screen.findByText("Preencha todas as variáveis do modelo")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole("textbox", { name: /Variável 1/ }), { target: { value: " Ana " } });
    expect(screen.getByText("Oi  Ana !", { normalizer: (text) => text })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Agendar" }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.post.mock.calls[0]![1]?.body).toMatchObject({
      ticketId: 42,
      template: { name: "lembrete", language: "pt_BR", variables: ["Ana"] },
    });
  });
});
