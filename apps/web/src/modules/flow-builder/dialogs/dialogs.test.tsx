import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});

import { ApiError } from "../../../api/client";
import { mockedApi } from "../../../api/testing";
import i18n from "../../../i18n";
import { withQueryClient } from "../../users/testUtils";
import { FlowActionsContext } from "../nodes/flowActions";
import { ContentDialog } from "./ContentDialog";
import { IntervalDialog } from "./IntervalDialog";
import { MediaDialog } from "./MediaDialog";
import { MenuDialog } from "./MenuDialog";
import { OpenAiDialog } from "./OpenAiDialog";
import { QuestionDialog } from "./QuestionDialog";
import { TicketDialog } from "./TicketDialog";

const api = mockedApi();
const actions = { duplicate: vi.fn(), remove: vi.fn(), mediaUrl: (name: string) => `/public/company3/${name}` };
const inBuilder = (children: ReactNode) =>
  withQueryClient(<FlowActionsContext.Provider value={actions}>{children}</FlowActionsContext.Provider>);

const textbox = (name: RegExp | string) => screen.getByRole("textbox", { name }) as HTMLInputElement;
const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;
const change = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

describe("node dialogs", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
    vi.useRealTimers();
  });

  it("commits 400 ms after the submit, its button disabled meanwhile; a refused submit shows why at once", async () => {
    vi.useFakeTimers();
    const onSave = vi.fn();
    const onClose = vi.fn();
    render(<IntervalDialog mode="create" initial={null} onSave={onSave} onClose={onClose} />);
    const seconds = screen.getByRole("spinbutton", { name: /Tempo de espera/ });
    expect(document.activeElement).toBe(seconds);

    fireEvent.click(button("Adicionar"));
    // Well within the 400 ms a passing submit waits.
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("Adicione o valor de intervalo")).toBeTruthy();
    expect(button("Adicionar").disabled).toBe(false);

    change(seconds, "121");
    fireEvent.submit(seconds.closest("form")!);
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByText("Máximo de tempo atingido 120 segundos")).toBeTruthy();

    change(seconds, "30");
    fireEvent.click(button("Adicionar"));
    await vi.advanceTimersByTimeAsync(399);
    expect(onSave).not.toHaveBeenCalled();
    expect(button("Adicionar").disabled).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(onSave).toHaveBeenCalledWith({ sec: 30 });
    expect(onClose).toHaveBeenCalled();
  });

  it("edits an interval with its title and Salvar", async () => {
    const onSave = vi.fn();
    render(<IntervalDialog mode="edit" initial={{ sec: 12 }} onSave={onSave} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Editar intervalo" })).toBeTruthy();
    fireEvent.click(button("Salvar"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ sec: 12 }));
  });

  it("numbers menu options from 1 and offers to remove only the last", async () => {
    const onSave = vi.fn();
    render(
      <MenuDialog
        mode="edit"
        initial={{
          message: "Escolha",
          arrayOption: [
            { number: 1, value: "Vendas" },
            { number: 2, value: "Suporte" },
          ],
        }}
        variables={["nome"]}
        onSave={onSave}
        onClose={vi.fn()}
      />,
    );
    expect(
      screen.getAllByRole("button", { name: /Remover a opção/ }).map((item) => item.getAttribute("aria-label")),
    ).toEqual(["Remover a opção 2"]);
    fireEvent.click(button("Adicionar opção"));
    expect(textbox(/Opção 3/).value).toBe("");
    expect(screen.getAllByRole("button", { name: /Remover a opção/ })).toHaveLength(1);
    fireEvent.click(button("Salvar"));
    expect(await screen.findByText("Obrigatório")).toBeTruthy();
    fireEvent.click(button("Remover a opção 3"));
    fireEvent.click(button("Remover a opção 2"));
    // The flow's answer variables are offered to the text.
    fireEvent.click(button("{{nome}}"));
    expect(textbox(/Mensagem do menu/).value).toBe("Escolha {{nome}}");
    fireEvent.click(button("Salvar"));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        message: "Escolha {{nome}}",
        arrayOption: [{ number: 1, value: "Vendas" }],
      }),
    );
  });

  it("requires the OpenAI node's name, key and prompt, with the spec's defaults for the rest and a chosen model", async () => {
    const onSave = vi.fn();
    render(<OpenAiDialog mode="create" initial={null} onSave={onSave} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Adicionar OpenAI ao fluxo" })).toBeTruthy();
    expect((screen.getByRole("spinbutton", { name: "Temperatura" }) as HTMLInputElement).value).toBe("1");
    expect((screen.getByRole("spinbutton", { name: "Máximo de tokens na resposta" }) as HTMLInputElement).value).toBe(
      "100",
    );
    expect(
      (screen.getByRole("spinbutton", { name: "Máximo de mensagens no histórico" }) as HTMLInputElement).value,
    ).toBe("10");
    expect(textbox(/Prompt/).getAttribute("rows")).toBe("10");
    fireEvent.click(button("Adicionar"));
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(3);

    change(textbox(/Nome/), "Assistente");
    change(screen.getByLabelText(/API Key/), "sk-1");
    change(textbox(/Prompt/), "Seja gentil.");
    fireEvent.click(button("Mostrar a chave"));
    expect((screen.getByLabelText(/API Key/) as HTMLInputElement).type).toBe("text");
    // The prompts' default model until another is chosen.
    const model = screen.getByRole("combobox", { name: "Modelo" });
    expect(model.textContent).toBe("GPT 3.5 Turbo");
    fireEvent.mouseDown(model);
    fireEvent.click(await screen.findByRole("option", { name: "GPT 4.0" }));
    fireEvent.click(button("Adicionar"));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        typebotIntegration: {
          name: "Assistente",
          projectName: "Assistente",
          apiKey: "sk-1",
          prompt: "Seja gentil.",
          model: "gpt-4o-mini",
          voice: "texto",
          voiceKey: "",
          voiceRegion: "",
          temperature: 1,
          maxTokens: 100,
          maxMessages: 10,
          queueId: null,
        },
      }),
    );
  });

  it("labels the OpenAI dialog's edit mode 'Editar OpenAI' with an Editar button", () => {
    render(<OpenAiDialog mode="edit" initial={null} onSave={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Editar OpenAI" })).toBeTruthy();
    expect(button("Editar")).toBeTruthy();
  });

  it("requires the question's message and answer variable", async () => {
    const onSave = vi.fn();
    render(<QuestionDialog mode="create" initial={null} variables={[]} onSave={onSave} onClose={vi.fn()} />);
    expect(screen.getByRole("dialog", { name: "Adicionar Perguta ao fluxo" })).toBeTruthy();
    expect(textbox(/Mensagem/).getAttribute("rows")).toBe("7");
    fireEvent.click(button("Adicionar"));
    expect(await screen.findAllByText("Obrigatório")).toHaveLength(2);
    change(textbox(/Mensagem/), "Seu nome?");
    change(textbox(/Salvar resposta/), "nome completo");
    fireEvent.click(button("Adicionar"));
    expect(await screen.findByText("Use só letras, números, _ ou - (até 50)")).toBeTruthy();
    change(textbox(/Salvar resposta/), "nome_completo");
    fireEvent.click(button("Adicionar"));
    await waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({ typebotIntegration: { message: "Seu nome?", answerKey: "nome_completo" } }),
    );
  });

  it("asks for a queue ('Adicione uma fila') and stores the one picked from GET /queue", async () => {
    api.get.mockResolvedValue([{ id: 4, name: "Financeiro", color: "#16A34A" }]);
    const onSave = vi.fn();
    render(withQueryClient(<TicketDialog mode="create" initial={null} onSave={onSave} onClose={vi.fn()} />));
    fireEvent.click(button("Adicionar"));
    expect(await screen.findByText("Adicione uma fila")).toBeTruthy();
    expect(api.get).toHaveBeenCalledWith("/queue", expect.anything());
    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Fila/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Financeiro" }));
    fireEvent.click(button("Adicionar"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ data: { id: 4, name: "Financeiro", color: "#16A34A" } }));
  });

  it("refuses a media file over its limit or of another type, and a node without a file", async () => {
    const onSave = vi.fn();
    render(inBuilder(<MediaDialog kind="video" mode="create" initial={null} onSave={onSave} onClose={vi.fn()} />));
    fireEvent.click(button("Adicionar"));
    expect(await screen.findByText("Escolha um arquivo")).toBeTruthy();
    const input = screen.getByTestId("media-input-video");
    fireEvent.change(input, { target: { files: [new File(["x"], "clip.mov", { type: "video/quicktime" })] } });
    expect(screen.getByText("Apenas videos em MP4")).toBeTruthy();
    const big = new File(["x"], "clip.mp4", { type: "video/mp4" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText("Arquivo é muito grande! 20MB máximo")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("uploads an image to /flowbuilder/img and keeps the stored name; a refusal of the server reads as the spec's message", async () => {
    api.post.mockRejectedValueOnce(new ApiError(413, { error: "ERR_PAYLOAD_TOO_LARGE" }));
    api.post.mockResolvedValueOnce({ name: "stored.png", names: ["stored.png"], originals: ["logo.png"] });
    const onSave = vi.fn();
    render(inBuilder(<MediaDialog kind="img" mode="create" initial={null} onSave={onSave} onClose={vi.fn()} />));
    fireEvent.change(screen.getByTestId("media-input-img"), {
      target: { files: [new File(["png"], "logo.png", { type: "image/png" })] },
    });
    fireEvent.click(button("Adicionar"));
    expect(await screen.findByText("Arquivo é muito grande! 2MB máximo")).toBeTruthy();
    fireEvent.click(button("Adicionar"));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ url: "stored.png" }));
    const [path, options] = api.post.mock.calls[1]!;
    expect(path).toBe("/flowbuilder/img");
    const form = options?.body as FormData;
    expect((form.get("medias") as File).name).toBe("logo.png");
    expect(form.get("fromMe")).toBe("true");
  });

  it("composes a sequence: empty cards refused, new files uploaded together 1.5 s after the submit, in order", async () => {
    api.post.mockResolvedValue({ name: "a.png", names: ["a.png", "b.ogg"], originals: ["foto.png", "voz.opus"] });
    const onSave = vi.fn();
    render(inBuilder(<ContentDialog mode="create" initial={null} variables={[]} onSave={onSave} onClose={vi.fn()} />));
    fireEvent.click(button("Texto"));
    fireEvent.click(button("Imagem"));
    fireEvent.click(button("Áudio"));
    change(textbox(/Mensagem/), "Olá");
    fireEvent.click(button("Adicionar"));
    expect(await screen.findByText("Delete os cards vazios(Imagem, Audio e Video)")).toBeTruthy();
    fireEvent.change(screen.getByTestId("media-input-img"), { target: { files: [new File(["p"], "foto.png")] } });
    fireEvent.change(screen.getByTestId("media-input-audio"), { target: { files: [new File(["o"], "voz.opus")] } });

    const started = Date.now();
    fireEvent.click(button("Adicionar"));
    await waitFor(() => expect(onSave).toHaveBeenCalled(), { timeout: 4000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    const form = api.post.mock.calls[0]![1]?.body as FormData;
    expect(api.post.mock.calls[0]![0]).toBe("/flowbuilder/content");
    expect(form.getAll("medias").map((file) => (file as File).name)).toEqual(["foto.png", "voz.opus"]);
    expect(onSave).toHaveBeenCalledWith({
      type: "singleBlock",
      data: {
        seq: ["message0", "img0", "audio0"],
        elements: [
          { type: "message", number: "message0", value: "Olá" },
          { type: "img", number: "img0", value: "a.png", original: "foto.png" },
          { type: "audio", number: "audio0", value: "b.ogg", original: "voz.opus", record: false },
        ],
      },
    });
  });
});
