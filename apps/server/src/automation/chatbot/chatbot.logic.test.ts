import { DEFAULT_WEEK_SCHEDULE } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import {
  type BotOption,
  type BotQueue,
  dayKey,
  isWithinSchedule,
  maxInvalidReplies,
  navigate,
  optionMenuText,
  parseReply,
  pickQueue,
  queueMenuText,
} from "./chatbot.logic.js";

const queue = (id: number, name: string, orderQueue: number | null = null): BotQueue => ({
  id,
  name,
  greetingMessage: "",
  orderQueue,
});

// 1 Boletos (1 Segunda via, 2 Prazo (1 Prorrogar)), 2 Suporte (leaf)
const tree: BotOption[] = [
  { id: 10, parentId: null, title: "Boletos", message: "Sobre boletos:", option: 1 },
  { id: 11, parentId: null, title: "Suporte", message: "Um atendente já vem.", option: 2 },
  { id: 20, parentId: 10, title: "Segunda via", message: "Acesse o portal.", option: 1 },
  { id: 21, parentId: 10, title: "Prazo", message: "Escolha:", option: 2 },
  { id: 30, parentId: 21, title: "Prorrogar", message: "Feito.", option: 1 },
];

describe("menus", () => {
  it("numbers the queues by orderQueue then name, after the greeting", () => {
    const queues = [queue(1, "Financeiro", 2), queue(2, "Vendas"), queue(3, "Atendimento", 1), queue(4, "Compras")];
    expect(queueMenuText("Olá!", queues)).toBe(
      "Olá!\n\n*1* - Atendimento\n*2* - Financeiro\n*3* - Compras\n*4* - Vendas",
    );
    expect(queueMenuText("  ", queues.slice(0, 1))).toBe("*1* - Financeiro");
  });

  it("shows one level of options with the way back below the root", () => {
    expect(optionMenuText(tree, null, "Bem-vindo", { queueMenuAbove: false })).toBe(
      "Bem-vindo\n\n*1* - Boletos\n*2* - Suporte",
    );
    expect(optionMenuText(tree, null, "", { queueMenuAbove: true })).toBe(
      "*1* - Boletos\n*2* - Suporte\n\n*0* - Voltar",
    );
    expect(optionMenuText(tree, 10, "Sobre boletos:", { queueMenuAbove: false })).toBe(
      "Sobre boletos:\n\n*1* - Segunda via\n*2* - Prazo\n\n*0* - Voltar\n*#* - Menu inicial",
    );
  });
});

describe("parseReply", () => {
  it("reads numbers, # and 0", () => {
    expect(parseReply(" 2 ")).toEqual({ kind: "number", value: 2 });
    expect(parseReply("2.")).toEqual({ kind: "number", value: 2 });
    expect(parseReply("#")).toEqual({ kind: "root" });
    expect(parseReply("0")).toEqual({ kind: "back" });
    expect(parseReply("quero 2")).toEqual({ kind: "other" });
    expect(parseReply("")).toEqual({ kind: "other" });
  });

  it("picks a queue by its menu position", () => {
    const queues = [queue(1, "B"), queue(2, "A")];
    expect(pickQueue(queues, parseReply("1"))?.id).toBe(2);
    expect(pickQueue(queues, parseReply("2"))?.id).toBe(1);
    expect(pickQueue(queues, parseReply("3"))).toBeUndefined();
    expect(pickQueue(queues, parseReply("0"))).toBeUndefined();
  });
});

describe("navigate", () => {
  it("picks a child by position, a branch or a leaf", () => {
    expect(navigate(tree, null, parseReply("1"))).toMatchObject({ kind: "pick", option: { id: 10 }, leaf: false });
    expect(navigate(tree, null, parseReply("2"))).toMatchObject({ kind: "pick", option: { id: 11 }, leaf: true });
    expect(navigate(tree, 10, parseReply("2"))).toMatchObject({ kind: "pick", option: { id: 21 }, leaf: false });
    expect(navigate(tree, 21, parseReply("1"))).toMatchObject({ kind: "pick", option: { id: 30 }, leaf: true });
  });

  it("goes back one level with 0, to the root with #, out of the queue with 0 at the root", () => {
    expect(navigate(tree, 21, parseReply("0"))).toEqual({ kind: "menu", parentId: 10 });
    expect(navigate(tree, 10, parseReply("0"))).toEqual({ kind: "menu", parentId: null });
    expect(navigate(tree, 21, parseReply("#"))).toEqual({ kind: "menu", parentId: null });
    expect(navigate(tree, null, parseReply("0"))).toEqual({ kind: "leaveQueue" });
  });

  it("answers invalid for unknown positions and text, and restarts from the root when the level is gone", () => {
    expect(navigate(tree, null, parseReply("3"))).toEqual({ kind: "invalid" });
    expect(navigate(tree, 10, parseReply("oi"))).toEqual({ kind: "invalid" });
    expect(navigate(tree, 999, parseReply("2"))).toMatchObject({ kind: "pick", option: { id: 11 } });
  });

  it("uses 3 invalid replies when the connection sets none", () => {
    expect(maxInvalidReplies(0)).toBe(3);
    expect(maxInvalidReplies(5)).toBe(5);
  });
});

describe("isWithinSchedule", () => {
  // 2026-11-23 is a Monday, 2026-11-22 a Sunday, 2026-11-28 a Saturday (server-local times).
  const at = (day: number, hh: number, mm = 0) => new Date(2026, 10, day, hh, mm);

  it("is always open without a schedule", () => {
    expect(isWithinSchedule([], at(22, 3))).toBe(true);
  });

  it("follows the default schedule", () => {
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(23, 8))).toBe(true);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(23, 17, 59))).toBe(true);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(23, 18))).toBe(false);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(23, 7, 59))).toBe(false);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(28, 11))).toBe(true);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(28, 13))).toBe(false);
    expect(isWithinSchedule(DEFAULT_WEEK_SCHEDULE, at(22, 10))).toBe(false);
  });

  it("closes days without an entry or with empty times, and spans midnight when the end is earlier", () => {
    const night = [{ weekday: "Segunda-feira", weekdayEn: "Monday", startTime: "22:00", endTime: "02:00" }];
    expect(isWithinSchedule(night, at(23, 23))).toBe(true);
    expect(isWithinSchedule(night, at(23, 1))).toBe(true);
    expect(isWithinSchedule(night, at(23, 12))).toBe(false);
    expect(isWithinSchedule(night, at(24, 12))).toBe(false);
    expect(isWithinSchedule([{ weekday: "", weekdayEn: "monday", startTime: "", endTime: "" }], at(23, 12))).toBe(
      false,
    );
  });

  it("keys the day in local time", () => {
    expect(dayKey(at(3, 0, 5))).toBe("2026-11-03");
  });
});
