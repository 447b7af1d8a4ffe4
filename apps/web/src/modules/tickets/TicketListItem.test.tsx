import type { Ticket } from "@atendo/shared";
import { getContrastRatio, ThemeProvider } from "@mui/material/styles";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n";
import { createAppTheme } from "../../theme/theme";
import { TicketListItem } from "./TicketListItem";
import { testTicket } from "./testTicket";

function ticket(overrides: Partial<Ticket> = {}): Ticket {
  return testTicket(42, {
    contactId: 3,
    contact: { id: 3, name: "Maria", number: "5511900000000", profilePicUrl: "", email: "" },
    lastMessage: "Bom dia",
    unreadMessages: 3,
    updatedAt: new Date().toISOString(),
    createdAt: new Date().toISOString(),
    tags: [{ id: 9, name: "VIP", color: "#9C27B0" }],
    ...overrides,
  });
}

function renderItem(item: Ticket, canPeek = false, selected = false) {
  const actions = { onOpen: vi.fn(), onAccept: vi.fn(), onClose: vi.fn(), onReopen: vi.fn(), onPeek: vi.fn() };
  render(
    <TicketListItem ticket={item} selected={selected} canPeek={canPeek} busy={false} compact={false} {...actions} />,
  );
  return { actions, row: within(screen.getByTestId(`ticket-item-${item.id}`)) };
}

describe("TicketListItem", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(cleanup);

  it("shows the name with the id, the last message, the chips and the unread badge", () => {
    const { row } = renderItem(ticket());
    expect(row.getByText("Maria")).toBeTruthy();
    expect(row.getByText("#42")).toBeTruthy();
    expect(row.getByText("Bom dia")).toBeTruthy();
    for (const chip of ["Simulador", "Bruno", "Atendimento", "VIP"]) expect(row.getByText(chip)).toBeTruthy();
    expect(row.getByLabelText("3 mensagens não lidas").textContent).toBe("3");
  });

  it("draws the contact's letter avatar at 4.5:1 or better in the light theme", () => {
    const actions = { onOpen: vi.fn(), onAccept: vi.fn(), onClose: vi.fn(), onReopen: vi.fn(), onPeek: vi.fn() };
    render(
      <ThemeProvider theme={createAppTheme("light")}>
        <TicketListItem ticket={ticket()} selected={false} canPeek={false} busy={false} compact={false} {...actions} />
      </ThemeProvider>,
    );
    const style = getComputedStyle(within(screen.getByTestId("ticket-item-42")).getByText("M"));
    expect(getContrastRatio(style.color, style.backgroundColor)).toBeGreaterThanOrEqual(4.5);
  });

  it("opens an open ticket by a click, and offers to resolve it", () => {
    const item = ticket();
    const { row, actions } = renderItem(item);
    fireEvent.click(row.getByRole("button", { name: "Maria #42" }));
    expect(actions.onOpen).toHaveBeenCalledWith(item);
    fireEvent.click(row.getByRole("button", { name: "Resolver" }));
    expect(actions.onClose).toHaveBeenCalledWith(item);
    expect(row.queryByRole("button", { name: "Aceitar" })).toBeNull();
    expect(row.queryByRole("button", { name: "Reabrir" })).toBeNull();
  });

  it("does not open a pending ticket by a click: it must be accepted", () => {
    const item = ticket({ status: "pending", userId: null, user: null });
    const { row, actions } = renderItem(item);
    fireEvent.click(row.getByRole("button", { name: "Maria #42" }));
    expect(actions.onOpen).not.toHaveBeenCalled();
    fireEvent.click(row.getByRole("button", { name: "Aceitar" }));
    expect(actions.onAccept).toHaveBeenCalledWith(item);
    expect(row.getByRole("button", { name: "Resolver" })).toBeTruthy();
  });

  it("offers only reopening on a closed ticket", () => {
    const { row, actions } = renderItem(ticket({ status: "closed" }));
    expect(row.queryByRole("button", { name: "Resolver" })).toBeNull();
    fireEvent.click(row.getByRole("button", { name: "Reabrir" }));
    expect(actions.onReopen).toHaveBeenCalled();
  });

  it("shows the peek icon to admins only", () => {
    expect(renderItem(ticket()).row.queryByRole("button", { name: "Espiar conversa" })).toBeNull();
    cleanup();
    const { row, actions } = renderItem(ticket(), true);
    fireEvent.click(row.getByRole("button", { name: "Espiar conversa" }));
    expect(actions.onPeek).toHaveBeenCalled();
  });

  it("draws WhatsApp's marks in the last message, on one line, without the asterisks", () => {
    const { row } = renderItem(ticket({ lastMessage: "*Ana Admin:*\nEscolha uma opção: *1* _Vendas_" }));
    const preview = row.getByText("Ana Admin:").parentElement;
    expect(row.getByText("Ana Admin:").tagName).toBe("STRONG");
    expect(row.getByText("1").tagName).toBe("STRONG");
    expect(row.getByText("Vendas").tagName).toBe("EM");
    expect(preview?.textContent).not.toContain("*");
    expect(preview?.textContent).not.toContain("_");
  });

  it("shows no unread badge on the ticket being read", () => {
    const { row } = renderItem(ticket({ unreadMessages: 2 }), false, true);
    expect(row.queryByLabelText("2 mensagens não lidas")).toBeNull();
  });
});
