import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/client")>();
  return { ...actual, api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() }, toastError: vi.fn() };
});
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

import { toast } from "react-toastify";
import { ApiError } from "../../api/client";
import { mockedApi } from "../../api/testing";
import i18n from "../../i18n";
import { withQueryClient } from "../users/testUtils";
import { QueueIntegrationModal } from "./QueueIntegrationModal";
import { sampleIntegration } from "./testUtils";

const api = mockedApi();

const SERVICE_ACCOUNT = JSON.stringify({
  type: "service_account",
  project_id: "agente",
  private_key: "-----BEGIN PRIVATE KEY-----\nabc\n-----END PRIVATE KEY-----\n",
  client_email: "bot@agente.iam.gserviceaccount.com",
});

function renderModal(integrationId: number | null) {
  const onSaved = vi.fn();
  const onSigningSecret = vi.fn();
  render(
    withQueryClient(
      <QueueIntegrationModal
        open
        integrationId={integrationId}
        onClose={vi.fn()}
        onSaved={onSaved}
        onSigningSecret={onSigningSecret}
      />,
    ),
  );
  return { onSaved, onSigningSecret };
}

const field = (name: RegExp) => screen.getByLabelText(name, { selector: "input, textarea" }) as HTMLInputElement;
const type = (name: RegExp, value: string) => fireEvent.change(field(name), { target: { value } });

async function choose(select: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: select }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("QueueIntegrationModal", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    api.get.mockImplementation(async (path, options) => {
      if (path === "/queueIntegration/{id}") {
        const id = Number(options?.params?.id);
        return id === 9
          ? sampleIntegration({
              id,
              type: "dialogflow",
              name: "Agente",
              projectName: "agente",
              language: "pt-BR",
              jsonContent: '••••n"}',
              urlN8N: "",
              typebotSlug: "",
            })
          : sampleIntegration({ id });
      }
      if (path === "/flowbuilder") {
        return {
          flows: [{ id: 3, name: "Boas-vindas", active: true, companyId: 1, userId: 1, createdAt: "", updatedAt: "" }],
          count: 1,
          hasMore: false,
        };
      }
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("refuses an empty typebot with the spec's messages, then sends its fields with the defaults", async () => {
    const { onSaved } = renderModal(null);
    expect(await screen.findByText("Adicionar projeto")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    // Name, URL and slug.
    expect(await screen.findAllByText("Required")).toHaveLength(3);
    type(/^Nome( \*)?$/, "B");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Too Short!")).toBeTruthy();
    type(/^Nome( \*)?$/, "x".repeat(51));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Too Long!")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    api.post.mockResolvedValue(sampleIntegration());
    type(/^Nome( \*)?$/, "Bot de vendas");
    type(/^URL do Typebot/, "https://typebot.io");
    type(/^Typebot - Slug/, "vendas");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith("/queueIntegration", {
      body: expect.objectContaining({
        type: "typebot",
        name: "Bot de vendas",
        urlN8N: "https://typebot.io",
        typebotSlug: "vendas",
        typebotExpires: 1,
        typebotDelayMessage: 1000,
      }),
    });
    expect(toast.success).toHaveBeenCalledWith("Integração adicionada com sucesso.", expect.anything());
  });

  it("dialogflow: project, language and service account; the test shows the agent's answer", async () => {
    renderModal(null);
    await choose(/^Tipo/, "Dialogflow");
    type(/^Nome( \*)?$/, "Agente");
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    // Project, language and the service account, before anything is sent.
    expect(await screen.findAllByText("Required")).toHaveLength(3);
    expect(api.post).not.toHaveBeenCalled();

    type(/^Nome do projeto/, "agente");
    await choose(/^Linguagem/, "Português (Brasil)");
    type(/^JSON da conta de serviço/, "{}");
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    expect(await screen.findByText(/Não é o JSON de uma conta de serviço/)).toBeTruthy();

    api.post.mockResolvedValue({
      message: "testSession",
      type: "dialogflow",
      reply: ["Olá! Como posso ajudar?"],
      intent: "Default Welcome Intent",
    });
    type(/^JSON da conta de serviço/, SERVICE_ACCOUNT);
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    expect(await screen.findByText("Olá! Como posso ajudar?")).toBeTruthy();
    expect(screen.getByText("Intenção: Default Welcome Intent")).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith("/queueIntegration/testSession", {
      body: {
        type: "dialogflow",
        projectName: "agente",
        jsonContent: SERVICE_ACCOUNT,
        language: "pt-BR",
        urlN8N: "",
        typebotSlug: "",
      },
    });
    expect(toast.success).toHaveBeenCalledWith("Integração testada com sucesso!", expect.anything());
  });

  it("a failed test says why, in the service's words", async () => {
    api.post.mockRejectedValue(
      new ApiError(400, { error: "ERR_TEST_SESSION_DIALOG", message: "invalid_grant: Invalid JWT Signature." }),
    );
    renderModal(null);
    await choose(/^Tipo/, "Dialogflow");
    type(/^Nome do projeto/, "agente");
    await choose(/^Linguagem/, "Inglês");
    type(/^JSON da conta de serviço/, SERVICE_ACCOUNT);
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        "Não foi possível abrir uma sessão no Dialogflow: confira o projeto e o JSON da conta de serviço. (invalid_grant: Invalid JWT Signature.)",
        expect.anything(),
      ),
    );
  });

  it("an edited dialogflow keeps its stored account: the field stays empty, the test names the integration", async () => {
    const { onSaved } = renderModal(9);
    expect(await screen.findByText(/Uma conta de serviço está guardada/)).toBeTruthy();
    expect(field(/^JSON da conta de serviço/).value).toBe("");
    api.post.mockResolvedValue({ message: "testSession", type: "dialogflow", reply: [] });
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    expect(await screen.findByText("O bot respondeu sem mensagens de texto.")).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith("/queueIntegration/testSession", {
      body: expect.objectContaining({ id: 9, jsonContent: "", projectName: "agente", language: "pt-BR" }),
    });

    api.put.mockResolvedValue(sampleIntegration({ id: 9, type: "dialogflow" }));
    type(/^Nome( \*)?$/, "Agente renomeado");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.put).toHaveBeenCalledWith("/queueIntegration/{id}", {
      params: { id: 9 },
      body: expect.objectContaining({ type: "dialogflow", name: "Agente renomeado", jsonContent: "" }),
    });
    expect(toast.success).toHaveBeenCalledWith("Integração editada com sucesso.", expect.anything());
  });

  it("typebot's test starts the bot from the URL and slug", async () => {
    api.post.mockResolvedValue({ message: "testSession", type: "typebot", reply: ["Oi!", "Qual é o seu nome?"] });
    renderModal(7);
    expect(await screen.findByDisplayValue("vendas")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Testar bot" }));
    expect((await screen.findByTestId("integration-test-reply")).textContent).toBe("Oi!\n\nQual é o seu nome?");
    expect(api.post).toHaveBeenCalledWith("/queueIntegration/testSession", {
      body: expect.objectContaining({ type: "typebot", urlN8N: "https://typebot.io", typebotSlug: "vendas" }),
    });
  });

  it("n8n and webhook: a URL, no test; a stored signing key can be replaced", async () => {
    api.get.mockResolvedValue(
      sampleIntegration({ id: 4, type: "webhook", urlN8N: "https://hooks.example.com", hasSigningSecret: true }),
    );
    api.post.mockResolvedValue({ signingSecret: "whsec_new" });
    const { onSigningSecret } = renderModal(4);
    expect(await screen.findByDisplayValue("https://hooks.example.com")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Testar bot" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Gerar nova chave" }));
    fireEvent.click(await screen.findByRole("button", { name: "Gerar" }));
    await waitFor(() => expect(onSigningSecret).toHaveBeenCalledWith("whsec_new"));
    expect(api.post).toHaveBeenCalledWith("/queueIntegration/{id}/signingSecret", { params: { id: 4 } });
  });

  it("flowbuilder: the flow is required and chosen among the company's flows", async () => {
    api.post.mockResolvedValue(sampleIntegration({ type: "flowbuilder", flowId: 3 }));
    const { onSaved } = renderModal(null);
    await choose(/^Tipo/, "Fluxo de conversa");
    type(/^Nome( \*)?$/, "Boas-vindas");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Required")).toBeTruthy();
    await choose(/^Fluxo/, "Boas-vindas");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.post).toHaveBeenCalledWith("/queueIntegration", {
      body: expect.objectContaining({ type: "flowbuilder", name: "Boas-vindas", flowId: 3 }),
    });
  });
});
