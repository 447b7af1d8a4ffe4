import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
  ApiError: class ApiError extends Error {},
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

import type { SessionUser } from "@atendo/shared";
import { MemoryRouter } from "react-router-dom";
import { toast } from "react-toastify";
import { api } from "../../api/client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { addDays } from "../../utils/date";
import { sessionUser, withQueryClient } from "../users/testUtils";
import SubscriptionPage from "./SubscriptionPage";

function signedIn(profile: SessionUser["profile"], dueDate: string | null) {
  const user = sessionUser(profile);
  vi.mocked(useSession).mockReturnValue({
    user: { ...user, email: "billing@acme.test", company: { ...user.company, dueDate } },
    refreshUser: vi.fn(),
  } as unknown as SessionValue);
}

const renderPage = () =>
  render(
    withQueryClient(
      <MemoryRouter>
        <SubscriptionPage />
      </MemoryRouter>,
    ),
  );

describe("SubscriptionPage", () => {
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("shows the trial days left from the due date and the billing email", () => {
    signedIn("admin", addDays(new Date(), 3).toISOString());
    renderPage();
    expect(screen.getByTestId("trial-remaining").textContent).toBe("Restam 3 dias no seu período de teste.");
    expect(screen.getByText("billing@acme.test")).toBeTruthy();
  });

  it("says when the access has expired", () => {
    signedIn("admin", "2020-03-09T12:00:00.000Z");
    renderPage();
    expect(screen.getByTestId("trial-remaining").textContent).toBe("Seu acesso venceu em 09/03/2020.");
  });

  it("signs now by opening the checkout for an unpaid invoice", async () => {
    signedIn("admin", addDays(new Date(), 1).toISOString());
    mockedApi().get.mockImplementation(async (path) => {
      if (path === "/invoices/all") {
        return {
          invoices: [
            {
              id: 9,
              detail: "Ouro",
              value: 49,
              dueDate: "2030-07-15T12:00:00.000Z",
              status: "open",
              paidAt: null,
              createdAt: "",
            },
            {
              id: 8,
              detail: "Ouro",
              value: 49,
              dueDate: "2030-06-15T12:00:00.000Z",
              status: "expired",
              paidAt: null,
              createdAt: "",
            },
          ],
          count: 2,
          hasMore: false,
        };
      }
      return [];
    });
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Assine agora!" }));
    expect(await screen.findByRole("dialog", { name: "Assinatura" })).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Dados")).toBeTruthy());
  });

  it("tells when there is nothing to pay, and hides sign now from attendants", async () => {
    signedIn("admin", addDays(new Date(), 1).toISOString());
    vi.mocked(api.get).mockResolvedValue({ invoices: [], count: 0, hasMore: false });
    renderPage();
    fireEvent.click(screen.getByRole("button", { name: "Assine agora!" }));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith("Não há fatura em aberto para pagar.", expect.anything()),
    );
    cleanup();
    signedIn("user", addDays(new Date(), 1).toISOString());
    renderPage();
    expect(screen.queryByRole("button", { name: "Assine agora!" })).toBeNull();
  });
});
