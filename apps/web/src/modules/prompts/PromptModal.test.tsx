import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
}));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

import { toast } from "react-toastify";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { PromptModal } from "./PromptModal";
import { samplePrompt } from "./testUtils";

const api = mockedApi();
const PROMPT_TEXT = "Você é a assistente da loja. Responda com educação, em português, e em poucas frases.";

function renderModal(promptId: number | null) {
  const onSaved = vi.fn();
  render(withQueryClient(<PromptModal open promptId={promptId} onClose={vi.fn()} onSaved={onSaved} />));
  return onSaved;
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: "input, textarea" }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

async function chooseQueue(name: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: /Setor\/Fila/ }));
  fireEvent.click(await screen.findByRole("option", { name }));
}

describe("PromptModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockImplementation(async (path, options) => {
      if (path === "/queue")
        return [
          { id: 4, name: "Vendas" },
          { id: 5, name: "Suporte" },
        ];
      if (path === "/prompt/{id}") return samplePrompt(Number(options?.params?.id), "Atendente de vendas");
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("refuses an empty form with the spec's messages, 'set queue' among them, and sends nothing", async () => {
    renderModal(null);
    expect(await screen.findByText("Adicionar Prompt")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    expect(screen.getByText("Informe a API Key")).toBeTruthy();
    expect(screen.getByText("Descreva o treinamento para Inteligência Artificial")).toBeTruthy();
    expect(screen.getByText("Informe a fila")).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith("Informe a fila", expect.anything());

    type(/^Nome/, "Bot");
    type(/^Prompt/, "Seja breve.");
    type(/^Temperatura/, "1.5");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(screen.getAllByText("Muito curto!")).toHaveLength(2));
    expect(screen.getByText("Valor muito alto")).toBeTruthy();
    type(/^Temperatura/, "0.25");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Use passos de 0,1")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("creates a prompt with the spec's defaults and the chosen queue", async () => {
    api.post.mockResolvedValue(samplePrompt(9, "Atendente virtual"));
    const onSaved = renderModal(null);
    await screen.findByText("Adicionar Prompt");
    // Defaults: GPT 3.5 Turbo, 100 tokens, temperature 1, 10 messages, text only.
    expect(screen.getByRole("combobox", { name: /Modelo/ }).textContent).toBe("GPT 3.5 Turbo");
    expect(field(/^Máximo de Tokens/).value).toBe("100");
    expect(field(/^Temperatura/).value).toBe("1");
    expect(field(/^Máximo de mensagens/).value).toBe("10");
    expect(screen.getByRole("combobox", { name: /Voz/ }).textContent).toBe("Texto");

    type(/^Nome/, "Atendente virtual");
    type(/^API Key/, "sk-proj-abc123");
    type(/^Prompt/, PROMPT_TEXT);
    type(/^Temperatura/, "0.3");
    await chooseQueue("Suporte");
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Modelo/ }));
    fireEvent.click(await screen.findByRole("option", { name: "GPT 4.0" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith("/prompt", {
      body: {
        name: "Atendente virtual",
        prompt: PROMPT_TEXT,
        apiKey: "sk-proj-abc123",
        queueId: 5,
        model: "gpt-4o-mini",
        maxTokens: 100,
        temperature: 0.3,
        maxMessages: 10,
        voice: "texto",
        voiceKey: "",
        voiceRegion: "",
      },
    });
  });

  it("edits with the key shown masked, a show/hide toggle, and sends the mask back to keep it", async () => {
    api.put.mockResolvedValue(samplePrompt(7, "Atendente de vendas"));
    const onSaved = renderModal(7);
    expect(await screen.findByText("Editar Prompt")).toBeTruthy();
    const key = (await screen.findByLabelText(/^API Key/, { selector: "input" })) as HTMLInputElement;
    expect(key.value).toBe("••••abcd");
    expect(key.type).toBe("password");
    fireEvent.click(screen.getAllByRole("button", { name: "Mostrar a chave" })[0]!);
    expect(field(/^API Key/).type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Esconder a chave" }));
    expect(field(/^API Key/).type).toBe("password");

    type(/^Máximo de Tokens/, "300");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/prompt/{id}", {
      params: { id: 7 },
      body: expect.objectContaining({ apiKey: "••••abcd", maxTokens: 300, queueId: 4 }),
    });
  });
});
