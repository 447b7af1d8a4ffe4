import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../../api/client", () => ({ api: {}, toastError: vi.fn() }));
vi.mock("../../../app/session", () => ({ useSession: () => ({ user: { id: 5, name: "Ana" } }) }));
vi.mock("react-toastify", () => ({ toast: { error: vi.fn(), info: vi.fn() } }));
vi.mock("./conversationApi", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./conversationApi")>()),
  fetchQuickMessages: vi.fn(),
  sendTextMessage: vi.fn(),
  sendMediaMessages: vi.fn(),
}));

import { type QuickMessage, STORAGE_KEYS, type Ticket, type TicketMessage } from "@atendo/shared";
import { MemoryRouter } from "react-router-dom";
import { toast } from "react-toastify";
import i18n from "../../../i18n";
import { withQueryClient } from "../../users/testUtils";
import { fetchQuickMessages, sendMediaMessages, sendTextMessage } from "./conversationApi";
import { MessageInput } from "./MessageInput";

const ticket = { id: 10, uuid: "uuid-10", status: "open", contact: { id: 3, name: "Maria" } } as Ticket;
const question = { id: 7, body: "Qual o prazo?", fromMe: false, mediaType: "chat", contact: null } as TicketMessage;
const sent = [{ id: 99 }] as TicketMessage[];
const quickAnswer = (id: number, shortcode: string, message: string) =>
  ({ id, shortcode, message, status: true }) as QuickMessage;

function renderComposer(props: { ticket?: Ticket; replyTo?: TicketMessage | null } = {}) {
  const handlers = { onCancelReply: vi.fn(), onSent: vi.fn() };
  render(
    withQueryClient(
      <MemoryRouter>
        <MessageInput ticket={props.ticket ?? ticket} replyTo={props.replyTo ?? null} {...handlers} />
      </MemoryRouter>,
    ),
  );
  return { ...handlers, input: screen.getByRole("textbox", { name: "Mensagem" }) as HTMLTextAreaElement };
}

describe("MessageInput", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
    vi.resetAllMocks();
  });

  it("asks to accept a pending ticket instead of showing the composer", () => {
    render(
      withQueryClient(
        <MemoryRouter>
          <MessageInput
            ticket={{ ...ticket, status: "pending" }}
            replyTo={null}
            onCancelReply={vi.fn()}
            onSent={vi.fn()}
          />
        </MemoryRouter>,
      ),
    );
    expect(screen.getByTestId("composer-closed").textContent).toContain("Reabra ou aceite este ticket");
    expect(screen.getByRole("button", { name: "Aceitar" })).toBeTruthy();
    expect(screen.queryByRole("textbox")).toBeNull();
  });

  it("sends the signed reply with Enter, then clears the text and the reply", async () => {
    vi.mocked(sendTextMessage).mockResolvedValue(sent);
    const { input, onSent, onCancelReply } = renderComposer({ replyTo: question });
    expect(within(screen.getByTestId("reply-bar")).getByText("Qual o prazo?")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Gravar áudio" })).toBeTruthy();

    fireEvent.change(input, { target: { value: "Amanhã" } });
    expect(screen.queryByRole("button", { name: "Gravar áudio" })).toBeNull();
    fireEvent.keyDown(input, { key: "Enter" });

    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(sendTextMessage).toHaveBeenCalledWith(10, "*Ana:*\nAmanhã", 7);
    expect(onCancelReply).toHaveBeenCalled();
    await waitFor(() => expect(input.value).toBe(""));
  });

  it("sends unsigned once the switch is off", async () => {
    vi.mocked(sendTextMessage).mockResolvedValue(sent);
    const { input, onSent } = renderComposer();
    fireEvent.click(screen.getByRole("switch", { name: "Assinar" }));
    expect(localStorage.getItem(STORAGE_KEYS.signOption)).toBe("false");

    fireEvent.change(input, { target: { value: "Oi" } });
    fireEvent.click(screen.getByRole("button", { name: "Enviar" }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sendTextMessage).toHaveBeenCalledWith(10, "Oi", undefined);
  });

  it("offers quick answers after a slash and takes the highlighted one with the keyboard", async () => {
    vi.mocked(fetchQuickMessages).mockResolvedValue([
      quickAnswer(1, "boleto", "Segue o boleto"),
      quickAnswer(2, "bonus", "Seu bônus"),
    ]);
    const { input } = renderComposer();
    fireEvent.change(input, { target: { value: "/bo" } });

    const list = await screen.findByRole("listbox", { name: "Respostas rápidas" });
    const options = within(list).getAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual(["boleto - Segue o boleto", "bonus - Seu bônus"]);
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");

    fireEvent.keyDown(input, { key: "ArrowDown" });
    expect(within(list).getAllByRole("option")[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(input, { key: "Enter" });

    expect(input.value).toBe("Seu bônus");
    expect(screen.queryByTestId("quick-answers")).toBeNull();
    expect(sendTextMessage).not.toHaveBeenCalled();
  });

  it("shows picked files as chips, refuses the wrong ones and sends the rest with the caption", async () => {
    vi.mocked(sendMediaMessages).mockResolvedValue(sent);
    const { input, onSent } = renderComposer();
    const photo = new File(["x"], "foto.png");
    fireEvent.change(screen.getByTestId("composer-file-input"), {
      target: { files: [photo, new File(["x"], "virus.exe"), new File(["x"], "nota.pdf")] },
    });

    expect(toast.error).toHaveBeenCalledWith("Tipo de arquivo não aceito: virus.exe", expect.anything());
    const chips = screen.getByTestId("attachments");
    expect(chips.textContent).toContain("foto.png");
    fireEvent.click(within(chips).getByLabelText("Remover nota.pdf"));
    expect(screen.getByTestId("attachments").textContent).not.toContain("nota.pdf");

    fireEvent.change(input, { target: { value: "Comprovante" } });
    fireEvent.keyDown(input, { key: "Enter" });
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sent));
    expect(sendMediaMessages).toHaveBeenCalledWith(10, [photo], "*Ana:*\nComprovante");
    await waitFor(() => expect(screen.queryByTestId("attachments")).toBeNull());
  });
});
