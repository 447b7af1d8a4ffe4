import type { Campaign } from "@atendo/shared";
import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../api/client")>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));

import { MemoryRouter, Route, Routes } from "react-router-dom";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { sessionUser, withQueryClient } from "../users/testUtils";
import CampaignReportPage from "./CampaignReportPage";

const at = "2026-11-20T10:00:00.000Z";
const shipping = (id: number, overrides: Partial<Campaign["shipping"][number]>): Campaign["shipping"][number] => ({
  id,
  number: `55119999900${id}`,
  name: `Cliente ${id}`,
  message: "",
  variant: 1,
  sendAt: at,
  deliveredAt: null,
  failedAt: null,
  error: null,
  ...overrides,
});

const campaign: Campaign = {
  id: 7,
  name: "Black Friday",
  message1: "Olá",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  status: "FINALIZADA",
  scheduledAt: at,
  completedAt: at,
  whatsappId: 1,
  contactListId: null,
  tagId: null,
  fileListId: null,
  companyId: 3,
  mediaPath: null,
  mediaName: null,
  contactList: null,
  whatsapp: { id: 1, name: "Cloud" },
  template: null,
  progress: { valid: 3, delivered: 1, failed: 2 },
  createdAt: at,
  updatedAt: at,
  shipping: [
    shipping(1, { deliveredAt: at, message: "Olá" }),
    shipping(2, { failedAt: at, error: "ERR_OUTSIDE_WINDOW" }),
    shipping(3, { failedAt: at, error: null }),
  ],
};

describe("CampaignReportPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    vi.mocked(useSession).mockReturnValue({ user: sessionUser("admin") } as SessionValue);
    mockedApi().get.mockImplementation(async (path) => {
      if (path !== "/campaigns/{id}") throw new Error(`unexpected GET ${path}`);
      return campaign;
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("says why a refused recipient was refused, in the user's language, and only when the server knows", async () => {
    render(
      withQueryClient(
        <MemoryRouter initialEntries={["/campaign/7/report"]}>
          <Routes>
            <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
          </Routes>
        </MemoryRouter>,
      ),
    );
    const rows = await screen.findAllByTestId("campaign-shipping");
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText("Falhou")).toBeTruthy();
    expect(within(rows[1]!).getByTestId("campaign-shipping-error").textContent).toBe(
      i18n.t("errors.ERR_OUTSIDE_WINDOW"),
    );
    expect(within(rows[2]!).getByText("Falhou")).toBeTruthy();
    expect(within(rows[2]!).queryByTestId("campaign-shipping-error")).toBeNull();
    expect(within(rows[0]!).queryByText("Falhou")).toBeNull();
  });
});
