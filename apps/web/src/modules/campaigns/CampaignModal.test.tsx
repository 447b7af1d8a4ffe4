import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
  ApiError: class extends Error {},
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { type CampaignRecord, campaignSettingRecords, DEFAULT_CAMPAIGN_SETTINGS } from "@atendo/shared";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import { enterDate } from "../../components/dateFieldTesting";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import { CampaignModal } from "./CampaignModal";

const api = mockedApi();

const record = (overrides: Partial<CampaignRecord> = {}): CampaignRecord => ({
  id: 9,
  name: "Promo",
  message1: "Oi {{firstName}}",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  status: "INATIVA",
  scheduledAt: null,
  completedAt: null,
  whatsappId: 1,
  contactListId: 4,
  tagId: null,
  fileListId: null,
  companyId: 3,
  mediaPath: null,
  mediaName: null,
  contactList: { id: 4, name: "Clientes" },
  whatsapp: { id: 1, name: "Simulador" },
  progress: { valid: 0, delivered: 0, failed: 0 },
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});

async function choose(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

// The form holds a date-time picker: it renders slowly on a busy machine.
describe("CampaignModal", { timeout: 20_000 }, () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    api.get.mockImplementation(async (path) => {
      if (path === "/whatsapp")
        return [
          { id: 1, name: "Simulador", provider: "simulator" },
          { id: 2, name: "Oficial", provider: "cloud" },
        ];
      if (path === "/whatsapp/{id}/templates")
        return {
          templates: [
            { name: "retomar", language: "pt_BR", category: "UTILITY", body: "Olá {{1}}, voltamos!", variables: 1 },
          ],
        };
      if (path === "/contact-lists/list") return [{ id: 4, name: "Clientes" }];
      if (path === "/tags/list") return [];
      if (path === "/files") return { files: [], count: 0, hasMore: false };
      if (path === "/campaign-settings")
        return campaignSettingRecords({ ...DEFAULT_CAMPAIGN_SETTINGS, variables: [{ key: "loja", value: "Centro" }] });
      if (path === "/campaigns/{id}") return { ...record({ status: "FINALIZADA" }), shipping: [], contactList: null };
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("creates without a start, uploads the media, then saves the start", async () => {
    const onSaved = vi.fn();
    api.post.mockImplementation(async (path) =>
      path === "/campaigns" ? record() : record({ mediaPath: "/public/x.png", mediaName: "promo.png" }),
    );
    api.put.mockResolvedValue(record({ status: "PROGRAMADA", mediaPath: "/public/x.png", mediaName: "promo.png" }));
    render(withQueryClient(<CampaignModal open campaignId={null} onClose={vi.fn()} onSaved={onSaved} />));

    fireEvent.change(await screen.findByRole("textbox", { name: /Nome/ }), { target: { value: "Promo" } });
    fireEvent.change(screen.getByRole("textbox", { name: "Mensagem 1" }), { target: { value: "Oi" } });
    fireEvent.click(await screen.findByRole("button", { name: "{loja}" }));
    expect((screen.getByRole("textbox", { name: "Mensagem 1" }) as HTMLTextAreaElement).value).toBe("Oi {loja}");
    await choose(/Conexão/, "Simulador");
    await choose(/Lista de contatos/, "Clientes");
    await enterDate("Agendamento", "02/01/2030 10:30");
    const media = new File(["png"], "promo.png", { type: "image/png" });
    fireEvent.change(screen.getByTestId("campaign-media-input"), { target: { files: [media] } });
    expect(screen.getByTestId("campaign-media-name").textContent).toContain("promo.png");

    fireEvent.click(screen.getByRole("button", { name: "Criar campanha" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled(), { timeout: 5000 });

    expect(api.post.mock.calls[0]).toEqual([
      "/campaigns",
      {
        body: {
          name: "Promo",
          message1: "Oi {loja}",
          message2: "",
          message3: "",
          message4: "",
          message5: "",
          whatsappId: 1,
          contactListId: 4,
          tagListId: null,
          fileListId: null,
        },
      },
    ]);
    expect(api.post.mock.calls[1]![0]).toBe("/campaigns/{id}/media-upload");
    expect((api.post.mock.calls[1]![1]!.body as FormData).get("file")).toBeInstanceOf(File);
    expect(api.put.mock.calls).toEqual([
      ["/campaigns/{id}", { params: { id: 9 }, body: { scheduledAt: new Date(2030, 0, 2, 10, 30).toISOString() } }],
    ]);
    expect(onSaved.mock.calls[0]![0].status).toBe("PROGRAMADA");
  });

  it("asks for what a start needs before saving one", async () => {
    render(withQueryClient(<CampaignModal open campaignId={null} onClose={vi.fn()} onSaved={vi.fn()} />));
    fireEvent.change(await screen.findByRole("textbox", { name: /Nome/ }), { target: { value: "Promo" } });
    await screen.findByRole("combobox", { name: /Conexão/ });
    await enterDate("Agendamento", "02/01/2030 10:30");
    fireEvent.click(screen.getByRole("button", { name: "Criar campanha" }));
    expect(await screen.findAllByText("Obrigatório para agendar")).toHaveLength(2);
    expect(screen.getByText("Escreva uma mensagem ou escolha uma mídia para agendar")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it("on a Cloud API connection offers a template for recipients outside the 24-hour window", async () => {
    api.post.mockResolvedValue(record({ whatsappId: 2 }));
    render(withQueryClient(<CampaignModal open campaignId={null} onClose={vi.fn()} onSaved={vi.fn()} />));
    fireEvent.change(await screen.findByRole("textbox", { name: /Nome/ }), { target: { value: "Volta" } });
    await screen.findByRole("combobox", { name: /Conexão/ });
    // Without a Cloud API connection there is no template to offer.
    expect(screen.queryByTestId("campaign-template")).toBeNull();
    await choose(/Conexão/, "Oficial");
    await choose(/Modelo de mensagem/, "retomar (pt_BR)");
    expect(screen.getByText("Olá {{1}}, voltamos!")).toBeTruthy();

    // Its variables are required.
    fireEvent.click(screen.getByRole("button", { name: "Criar campanha" }));
    expect(await screen.findByText("Preencha todas as variáveis do modelo")).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(screen.getByRole("textbox", { name: /Variável 1/ }), { target: { value: " {{firstName}} " } });
    fireEvent.click(screen.getByRole("button", { name: "Criar campanha" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post.mock.calls[0]![1]?.body).toMatchObject({
      whatsappId: 2,
      template: { name: "retomar", language: "pt_BR", variables: ["{{firstName}}"] },
    });
  });

  it("shows a finished campaign read-only, without a save button", async () => {
    render(withQueryClient(<CampaignModal open campaignId={9} onClose={vi.fn()} onSaved={vi.fn()} />));
    expect(await screen.findByText("Esta campanha não pode mais ser editada.")).toBeTruthy();
    expect((screen.getByRole("textbox", { name: /Nome/ }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Salvar" })).toBeNull();
    expect(screen.getByRole("button", { name: "Fechar" })).toBeTruthy();
  });
});
