import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
  ApiError: class extends Error {},
}));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

import type { Whatsapp } from "@atendo/shared";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { WhatsappModal } from "./WhatsappModal";

const api = mockedApi();

const cloudConnection = (overrides: Partial<Whatsapp> = {}): Whatsapp => ({
  id: 7,
  name: "Oficial",
  status: "CONNECTED",
  isDefault: false,
  greetingMessage: "",
  complationMessage: "",
  outOfHoursMessage: "",
  ratingMessage: "",
  expiresInactiveMessage: "",
  token: "api-token",
  provider: "cloud",
  expiresTicket: 0,
  timeUseBotQueues: 0,
  maxUseBotQueues: 3,
  timeToTransfer: null,
  transferQueueId: null,
  promptId: null,
  integrationId: null,
  qrcode: "",
  retries: 0,
  number: "551155550100",
  queues: [],
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  cloud: {
    phoneNumberId: "106540352242922",
    businessAccountId: "102290129340398",
    webhookUrl: "/cloud/webhook/7",
    verifyToken: "verify-token-abc",
    hasAccessToken: true,
    hasAppSecret: true,
    statusReason: null,
  },
  ...overrides,
});

function renderModal(whatsappId: number | null) {
  const onClose = vi.fn();
  render(
    withQueryClient(<WhatsappModal open whatsappId={whatsappId} providers={["beta", "cloud"]} onClose={onClose} />),
  );
  return { onClose, dialog: () => screen.getByRole("dialog") };
}

const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;

// The whole connection form renders: slow on a busy machine.
describe("WhatsappModal, WhatsApp Cloud API", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockImplementation(async (path) => {
      if (path === "/whatsapp/{id}") return cloudConnection();
      if (path === "/prompt") return { prompts: [], count: 0, hasMore: false };
      if (path === "/queueIntegration") return { queueIntegrations: [], count: 0, hasMore: false };
      return [];
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("asks a new connection for Meta's ids, the token and the app secret, and says the webhook comes after saving", async () => {
    api.post.mockResolvedValue(cloudConnection());
    renderModal(null);
    fireEvent.change(await screen.findByRole("textbox", { name: "Nome" }), { target: { value: "Oficial" } });
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Provedor" }));
    fireEvent.click(await screen.findByRole("option", { name: "WhatsApp Cloud API (oficial)" }));

    expect(screen.getByText(/A URL do webhook e o token de verificação aparecem aqui depois de salvar/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Copiar/ })).toBeNull();
    // Secrets are typed in password fields, never echoed.
    expect(field(/Token de acesso/).type).toBe("password");
    expect(field(/Chave secreta do app/).type).toBe("password");

    // Without the ids (digits), the token and the secret nothing is sent.
    fireEvent.change(field(/ID do número de telefone/), { target: { value: "abc" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findAllByText("Use só os dígitos do ID")).toHaveLength(2);
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(field(/ID do número de telefone/), { target: { value: "106540352242922" } });
    fireEvent.change(field(/ID da conta do WhatsApp Business/), { target: { value: "102290129340398" } });
    fireEvent.change(field(/Token de acesso/), { target: { value: "EAAG-token" } });
    fireEvent.change(field(/Chave secreta do app/), { target: { value: "app-secret" } });
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    const [path, options] = api.post.mock.calls[0]!;
    expect(path).toBe("/whatsapp");
    const body = options?.body as { provider: string; cloud: unknown } | undefined;
    expect(body?.provider).toBe("cloud");
    expect(body?.cloud).toEqual({
      phoneNumberId: "106540352242922",
      businessAccountId: "102290129340398",
      accessToken: "EAAG-token",
      appSecret: "app-secret",
    });
  });

  it("shows a saved connection's webhook URL and verify token with copy buttons, and never its secrets", async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    api.put.mockResolvedValue(cloudConnection());
    renderModal(7);

    const webhook = (await screen.findByLabelText("URL de callback do webhook")) as HTMLInputElement;
    // The server answers a path without PUBLIC_URL: the page's origin completes it.
    expect(webhook.value).toBe(`${window.location.origin}/cloud/webhook/7`);
    expect(webhook.readOnly).toBe(true);
    expect(field("Token de verificação").value).toBe("verify-token-abc");
    expect(field(/ID do número de telefone/).value).toBe("106540352242922");
    expect(field(/Token de acesso/).value).toBe("");
    expect(field(/Chave secreta do app/).value).toBe("");
    expect(screen.getAllByText("Guardado com segurança: deixe em branco para manter")).toHaveLength(2);

    fireEvent.click(screen.getByRole("button", { name: "Copiar: Token de verificação" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith("verify-token-abc"));
    fireEvent.click(screen.getByRole("button", { name: "Copiar: URL de callback do webhook" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/cloud/webhook/7`));

    // Saved with the secrets left empty: they are not sent, so the stored ones stay.
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const body = api.put.mock.calls[0]![1]?.body as { cloud: Record<string, unknown> } | undefined;
    expect(body?.cloud).toEqual({ phoneNumberId: "106540352242922", businessAccountId: "102290129340398" });
  });

  it("shows why Meta refused a disconnected connection", async () => {
    api.get.mockImplementation(async (path) => {
      if (path === "/whatsapp/{id}") {
        const connection = cloudConnection({ status: "DISCONNECTED" });
        return {
          ...connection,
          cloud: { ...connection.cloud!, statusReason: "Graph API 190: Session has expired" },
        };
      }
      return path === "/prompt" ? { prompts: [] } : [];
    });
    renderModal(7);
    const alert = await screen.findByText(/A Meta recusou a conexão/);
    expect(within(alert).getByText(/Graph API 190: Session has expired/)).toBeTruthy();
  });
});
