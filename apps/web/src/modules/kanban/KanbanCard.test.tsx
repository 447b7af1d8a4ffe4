import type { KanbanTicket } from "@atendo/shared";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import i18n from "../../i18n";
import { KanbanCard } from "./KanbanCard";

const ticket: KanbanTicket = {
  id: 7,
  uuid: "u7",
  status: "open",
  queueId: null,
  userId: null,
  lastMessage: "Olá! Escolha uma opção:\n*1* - Atendimento\n_2_ - ~Financeiro~",
  updatedAt: new Date(0).toISOString(),
  contact: { id: 3, name: "Carlos Lima", number: "5511977776662" },
  tags: [],
};

describe("KanbanCard", () => {
  beforeAll(async () => {
    await i18n.changeLanguage("pt");
  });
  afterEach(cleanup);

  it("draws the last message's WhatsApp marks as the ticket list does, without the raw asterisks", () => {
    render(
      <KanbanCard
        ticket={ticket}
        lane={{ tag: null, tickets: [ticket] }}
        lanes={[]}
        onOpen={vi.fn()}
        onMove={vi.fn()}
      />,
    );
    const card = screen.getByTestId("kanban-card-7");
    expect(card.textContent).not.toContain("*");
    expect(card.textContent).not.toContain("~");
    expect(card.querySelector("strong")?.textContent).toBe("1");
    expect(card.querySelector("em")?.textContent).toBe("2");
    expect(card.querySelector("s")?.textContent).toBe("Financeiro");
  });
});
