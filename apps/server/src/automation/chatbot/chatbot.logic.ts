import type { WorkingHours } from "@atendo/shared";

/**
 * The chatbot's decisions, free of I/O: menu texts, reading a reply, moving
 * in a queue's option tree and working hours. chatbot.ts applies them.
 */

export interface BotQueue {
  id: number;
  name: string;
  greetingMessage: string;
  orderQueue: number | null;
}

export interface BotOption {
  id: number;
  parentId: number | null;
  title: string;
  message: string;
  /** Position among its siblings, from 1. */
  option: number;
}

/** Invalid replies after which the bot gives up, when the connection sets none (0). */
export const DEFAULT_MAX_USE_BOT_QUEUES = 3;

/** The connection's limit of invalid replies (0 or less means the default, 3). */
export function maxInvalidReplies(maxUseBotQueues: number): number {
  return maxUseBotQueues > 0 ? maxUseBotQueues : DEFAULT_MAX_USE_BOT_QUEUES;
}

/** Queues as the menu lists them: orderQueue (unset last), then name. */
export function sortQueues<T extends Pick<BotQueue, "name" | "orderQueue">>(queues: readonly T[]): T[] {
  return [...queues].sort((a, b) => {
    const ao = a.orderQueue ?? Number.POSITIVE_INFINITY;
    const bo = b.orderQueue ?? Number.POSITIVE_INFINITY;
    if (ao !== bo) return ao < bo ? -1 : 1;
    return a.name.localeCompare(b.name);
  });
}

/** "*1* - Atendimento\n*2* - Financeiro". */
export function numberedMenu(items: readonly { position: number; title: string }[]): string {
  return items.map((item) => `*${item.position}* - ${item.title}`).join("\n");
}

/** A header (greeting, option message) and a body, separated by a blank line; empty parts dropped. */
export function joinParts(...parts: (string | undefined)[]): string {
  return parts
    .map((part) => part?.trim() ?? "")
    .filter((part) => part !== "")
    .join("\n\n");
}

/** The connection's greeting followed by its queues, numbered in menu order. */
export function queueMenuText(greeting: string, queues: readonly BotQueue[]): string {
  return joinParts(greeting, numberedMenu(sortQueues(queues).map((q, i) => ({ position: i + 1, title: q.name }))));
}

export const BACK_LINE = "*0* - Voltar";
export const ROOT_LINE = "*#* - Menu inicial";

/** The children of one level of the tree (null: the root), by position. */
export function childrenOf(tree: readonly BotOption[], parentId: number | null): BotOption[] {
  return tree.filter((o) => o.parentId === parentId).sort((a, b) => a.option - b.option);
}

/**
 * One level of the option tree as a menu: the header, the children numbered by
 * their position, then the way back ("0") and to the root ("#") below the root,
 * or only "0" at the root when there is a queue menu to go back to.
 */
export function optionMenuText(
  tree: readonly BotOption[],
  parentId: number | null,
  header: string,
  opts: { queueMenuAbove: boolean },
): string {
  const children = childrenOf(tree, parentId);
  const lines = numberedMenu(children.map((c) => ({ position: c.option, title: c.title })));
  const footer = parentId === null ? (opts.queueMenuAbove ? BACK_LINE : "") : `${BACK_LINE}\n${ROOT_LINE}`;
  return joinParts(header, lines, footer);
}

export type Reply = { kind: "number"; value: number } | { kind: "root" } | { kind: "back" } | { kind: "other" };

/** A customer's reply to a menu: a lone number, "#" or "0" (surrounding spaces and a trailing dot ignored). */
export function parseReply(body: string): Reply {
  const text = body.trim().replace(/\.$/, "").trim();
  if (text === "#") return { kind: "root" };
  if (/^0+$/.test(text)) return { kind: "back" };
  if (/^\d{1,4}$/.test(text)) return { kind: "number", value: Number(text) };
  return { kind: "other" };
}

/** The queue a reply picks in the queue menu, if it is a valid position. */
export function pickQueue<T extends BotQueue>(queues: readonly T[], reply: Reply): T | undefined {
  if (reply.kind !== "number") return undefined;
  return sortQueues(queues)[reply.value - 1];
}

/**
 * A move in a queue's option tree, from the level the ticket is at
 * (queueOptionId: the option whose children were last shown; null, the root).
 */
export type OptionStep =
  /** Show the menu of this level (null: the root). */
  | { kind: "menu"; parentId: number | null }
  /** "0" at the root: back to the queue menu (the caller decides whether there is one). */
  | { kind: "leaveQueue" }
  /** A child picked: with children it becomes the level shown, without it ends the bot. */
  | { kind: "pick"; option: BotOption; leaf: boolean }
  | { kind: "invalid" };

export function navigate(tree: readonly BotOption[], currentId: number | null, reply: Reply): OptionStep {
  // The level may have been deleted since: start again from the root.
  const current = currentId === null ? undefined : tree.find((o) => o.id === currentId);
  const level = current ? current.id : null;
  switch (reply.kind) {
    case "root":
      return { kind: "menu", parentId: null };
    case "back":
      return current ? { kind: "menu", parentId: current.parentId } : { kind: "leaveQueue" };
    case "number": {
      const option = childrenOf(tree, level).find((o) => o.option === reply.value);
      if (!option) return { kind: "invalid" };
      return { kind: "pick", option, leaf: childrenOf(tree, option.id).length === 0 };
    }
    default:
      return { kind: "invalid" };
  }
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;

function minutesOf(time: string): number | undefined {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return undefined;
  return Number(match[1]) * 60 + Number(match[2]);
}

/**
 * Whether `now` (in the server's time zone) falls in the working hours:
 * - no schedule at all: always open;
 * - the day has no entry, an empty time, or the same start and end (the default
 *   Sunday 00:00 to 00:00): closed that day;
 * - otherwise open from startTime included to endTime excluded; an end before the
 *   start spans midnight.
 */
export function isWithinSchedule(schedules: readonly WorkingHours[], now: Date): boolean {
  if (schedules.length === 0) return true;
  const weekday = WEEKDAYS[now.getDay()];
  const today = schedules.find((s) => s.weekdayEn.trim().toLowerCase() === weekday);
  if (!today) return false;
  const start = minutesOf(today.startTime);
  const end = minutesOf(today.endTime);
  if (start === undefined || end === undefined || start === end) return false;
  const minute = now.getHours() * 60 + now.getMinutes();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

/** The local calendar day, the key of "at most once per day". */
export function dayKey(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
