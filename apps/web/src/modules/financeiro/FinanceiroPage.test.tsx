import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("../../api/client", () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
  toastError: vi.fn(),
  ApiError: class ApiError extends Error {},
}));
vi.mock("../../app/session", () => ({ useSession: vi.fn() }));
vi.mock("react-toastify", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), warn: vi.fn() } }));

import type { Invoice, Plan, SessionUser } from "@atendo/shared";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { toast } from "react-toastify";
import type { Socket } from "socket.io-client";
import { api } from "../../api/client";
import { mockedApi } from "../../api/testing";
import { type SessionValue, useSession } from "../../app/session";
import i18n from "../../i18n";
import { SocketContext } from "../../realtime/socket";
import { sessionUser, withQueryClient } from "../users/testUtils";
import FinanceiroPage from "./FinanceiroPage";

const plan: Plan = {
  id: 7,
  name: "Ouro",
  users: 10,
  connections: 2,
  queues: 0,
  value: 49,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: true,
} as Plan;

const invoice = (overrides: Partial<Invoice>): Invoice => ({
  id: 1,
  detail: "Ouro",
  value: 49,
  dueDate: "2030-06-15T12:00:00.000Z",
  status: "open",
  paidAt: null,
  createdAt: "2030-06-01T12:00:00.000Z",
  ...overrides,
});

/** A socket whose events the test fires by hand. */
function fakeSocket() {
  const handlers = new Map<string, Set<(payload: unknown) => void>>();
  const socket = {
    on: (event: string, handler: (payload: unknown) => void) => {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event)!.add(handler);
      return socket;
    },
    off: (event: string, handler: (payload: unknown) => void) => {
      handlers.get(event)?.delete(handler);
      return socket;
    },
    fire: (event: string, payload: unknown) => {
      for (const handler of handlers.get(event) ?? []) handler(payload);
    },
  };
  return socket;
}

function renderPage(socket: ReturnType<typeof fakeSocket>) {
  return render(
    withQueryClient(
      <SocketContext.Provider value={socket as unknown as Socket}>
        <MemoryRouter initialEntries={["/financeiro"]}>
          <Routes>
            <Route path="/financeiro" element={<FinanceiroPage />} />
            <Route path="/" element={<p>dashboard</p>} />
          </Routes>
        </MemoryRouter>
      </SocketContext.Provider>,
    ),
  );
}

const type = (id: string, value: string) => {
  const input = document.getElementById(id) as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe("FinanceiroPage", () => {
  const refreshUser = vi.fn(async () => undefined);
  beforeEach(async () => {
    await i18n.changeLanguage("pt");
    const user: SessionUser = sessionUser("admin");
    vi.mocked(useSession).mockReturnValue({ user, refreshUser } as unknown as SessionValue);
    mockedApi().get.mockImplementation(async (path, options) => {
      if (path === "/invoices/all") {
        return {
          invoices: [
            invoice({ id: 3, status: "open", dueDate: "2030-07-15T12:00:00.000Z" }),
            invoice({ id: 2, status: "expired", dueDate: "2030-06-15T12:00:00.000Z" }),
            invoice({ id: 1, status: "paid", dueDate: "2030-05-15T12:00:00.000Z" }),
          ],
          count: 3,
          hasMore: false,
        };
      }
      if (path === "/plans/list") return [plan, { ...plan, id: 8, name: "Grátis", value: 0 }];
      if (path === "/companies/listPlan/{companyId}" && options?.params?.companyId === user.companyId) return plan;
      throw new Error(`unexpected GET ${path}`);
    });
  });
  afterEach(() => {
    cleanup();
    vi.clearAllMocks();
  });

  it("lists the invoices, expired ones in red, with a pay button only when unpaid", async () => {
    renderPage(fakeSocket());
    const expired = (await screen.findByRole("cell", { name: "15/06/2030" })).closest("tr")!;
    expect(expired.getAttribute("data-status")).toBe("expired");
    expect(within(expired).getByText("Vencido")).toBeTruthy();
    expect(within(expired).getByRole("button", { name: "Pagar 2" })).toBeTruthy();
    const paid = screen.getByRole("cell", { name: "15/05/2030" }).closest("tr")!;
    expect(within(paid).queryByRole("button", { name: /Pagar/ })).toBeNull();
    expect(within(paid).getAllByText("Pago").length).toBeGreaterThan(0);
    expect(screen.getAllByText("R$ 49,00")).toHaveLength(3);
  });

  it("walks the checkout, shows the Pix code, then the renewal toast and goes to / after 4 s", async () => {
    const socket = fakeSocket();
    vi.mocked(api.post).mockResolvedValue({
      invoiceId: 2,
      paymentId: "pay_1",
      valor: { original: "49.00" },
      qrcode: { qrcode: "000201-pix-code", imagemQrcode: "data:image/png;base64,AAAA" },
    });
    renderPage(socket);
    fireEvent.click(await screen.findByRole("button", { name: "Pagar 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Assinatura" });

    // Data: required fields and the zip code format of the chosen country.
    fireEvent.click(within(dialog).getByRole("button", { name: "Próximo" }));
    await waitFor(() => expect(within(dialog).getAllByText("Obrigatório").length).toBe(5));
    type("checkout-firstName", "Maria");
    type("checkout-address2", "Rua A, 1");
    type("checkout-city", "São Paulo");
    type("checkout-state", "SP");
    type("checkout-zipcode", "123");
    fireEvent.click(within(dialog).getByRole("button", { name: "Próximo" }));
    expect(await within(dialog).findByText("CEP inválido para o país escolhido")).toBeTruthy();
    type("checkout-zipcode", "01001-000");
    fireEvent.click(within(dialog).getByRole("button", { name: "Próximo" }));

    // Customize: the company's plan comes chosen, free plans are not offered.
    expect(await within(dialog).findByText("R$ 49,00 / mês")).toBeTruthy();
    expect(within(dialog).getByText("Filas: ilimitado")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Próximo" }));

    // Review, then pay.
    expect(await within(dialog).findByText("Total: R$ 49,00")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Pagar" }));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(mockedApi().post.mock.calls[0]![0]).toBe("/subscription");
    expect(mockedApi().post.mock.calls[0]![1]?.body).toMatchObject({
      firstName: "Maria",
      address2: "Rua A, 1",
      city: "São Paulo",
      state: "SP",
      zipcode: "01001-000",
      country: "Brasil",
      plan: 7,
      price: 49,
      invoiceId: 2,
    });

    // Pix: the QR image and the copy-paste code, waiting for the payment event.
    expect((await within(dialog).findByRole("img", { name: "QR Code Pix" })).getAttribute("src")).toBe(
      "data:image/png;base64,AAAA",
    );
    expect(within(dialog).getByRole("textbox", { name: "Código Pix copia e cola" })).toHaveProperty(
      "value",
      "000201-pix-code",
    );
    expect(within(dialog).getByText("Aguardando a confirmação do pagamento…")).toBeTruthy();

    act(() => {
      socket.fire("company-3-payment", {
        action: "CONCLUIDA",
        company: { id: 3, dueDate: "2030-07-15T12:00:00.000Z" },
        invoice: { id: 2 },
      });
    });
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Sua licença foi renovada até 15/07/2030!", expect.anything()),
    );
    expect(refreshUser).toHaveBeenCalled();
    expect(screen.queryByText("dashboard")).toBeNull();
    expect(await screen.findByText("dashboard", {}, { timeout: 6000 })).toBeTruthy();
  }, 15_000);
});
