import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});

import { DEFAULT_WEEK_SCHEDULE, type Queue } from "@atendo/shared";
import { api } from "../../api/client";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { QueueModal } from "./QueueModal";

const queue = (overrides: Partial<Queue> = {}): Queue => ({
  id: 4,
  name: "Vendas",
  color: "#123456",
  greetingMessage: "",
  outOfHoursMessage: "",
  orderQueue: null,
  integrationId: null,
  promptId: null,
  schedules: [],
  companyId: 1,
  createdAt: "2024-01-01T00:00:00.000Z",
  updatedAt: "2024-01-01T00:00:00.000Z",
  ...overrides,
});

// Each weekday row holds two time pickers: the modal renders slowly on a busy machine.
describe("QueueModal", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("hides the attendance-hours tab unless the company schedules by queue", () => {
    render(
      withQueryClient(<QueueModal open queueId={null} queueSchedules={false} onClose={vi.fn()} onSaved={vi.fn()} />),
    );
    expect(screen.getByRole("tab", { name: "Dados da fila" })).toBeTruthy();
    expect(screen.queryByRole("tab", { name: "Horários de atendimento" })).toBeNull();
    // Options need a saved queue.
    expect(screen.queryByRole("tab", { name: "Opções do chatbot" })).toBeNull();
  });

  it("offers the default week for a new queue and sends it with the form", async () => {
    vi.mocked(api.post).mockResolvedValue(queue());
    const onSaved = vi.fn();
    render(withQueryClient(<QueueModal open queueId={null} queueSchedules onClose={vi.fn()} onSaved={onSaved} />));
    fireEvent.change(screen.getByRole("textbox", { name: /^Nome/ }), { target: { value: "Vendas" } });
    fireEvent.click(screen.getByRole("tab", { name: "Horários de atendimento" }));
    expect(screen.getByText("Sábado")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });
    expect(api.post).toHaveBeenCalledWith("/queue", {
      body: {
        name: "Vendas",
        color: "#2196F3",
        greetingMessage: "",
        outOfHoursMessage: "",
        orderQueue: null,
        promptId: null,
        integrationId: null,
        schedules: DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })),
      },
    });
  });

  it("offers the company's prompts (GET /prompt) and sends the chosen one", async () => {
    vi.mocked(api.get).mockImplementation(async (path: string) =>
      path === "/prompt" ? ({ prompts: [{ id: 7, name: "Atendente virtual" }] } as never) : queue({ promptId: 3 }),
    );
    vi.mocked(api.put).mockResolvedValue(queue());
    const onSaved = vi.fn();
    render(withQueryClient(<QueueModal open queueId={4} queueSchedules={false} onClose={vi.fn()} onSaved={onSaved} />));
    // The stored prompt stays a choice even when the list does not hold it.
    const select = await screen.findByRole("combobox", { name: "Prompt (OpenAI)" });
    await waitFor(() => expect(select.textContent).toBe("#3"));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole("option", { name: "Atendente virtual" }));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/queue/{id}", {
      params: { id: 4 },
      body: expect.objectContaining({ promptId: 7 }),
    });
  });

  it("offers the company's integrations (every page of GET /queueIntegration) and sends the chosen one", async () => {
    const integration = (id: number, name: string) => ({ id, name, type: "typebot" });
    vi.mocked(api.get).mockImplementation(async (path, options) => {
      if (path === "/prompt") return { prompts: [] } as never;
      if (path === "/queueIntegration") {
        return (
          (options?.query as { pageNumber?: number } | undefined)?.pageNumber === 1
            ? { queueIntegrations: [integration(8, "Bot de vendas")], count: 2, hasMore: true }
            : { queueIntegrations: [integration(9, "Agente Dialogflow")], count: 2, hasMore: false }
        ) as never;
      }
      return queue({ integrationId: 8 });
    });
    vi.mocked(api.put).mockResolvedValue(queue());
    const onSaved = vi.fn();
    render(withQueryClient(<QueueModal open queueId={4} queueSchedules={false} onClose={vi.fn()} onSaved={onSaved} />));
    const select = await screen.findByRole("combobox", { name: "Integração" });
    await waitFor(() => expect(select.textContent).toBe("Bot de vendas"));
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole("option", { name: "Agente Dialogflow" }));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/queue/{id}", {
      params: { id: 4 },
      body: expect.objectContaining({ integrationId: 9, promptId: null }),
    });
  });

  it("shows a name that is too short on the data tab and sends nothing", async () => {
    render(withQueryClient(<QueueModal open queueId={null} queueSchedules onClose={vi.fn()} onSaved={vi.fn()} />));
    fireEvent.change(screen.getByRole("textbox", { name: /^Nome/ }), { target: { value: "V" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Nome muito curto")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });
});
