import type { KanbanTicket, Tag } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { buildLanes, tagsAfterMove } from "./lanes";

const tag = (id: number, kanban = 1): Tag => ({
  id,
  name: `Tag ${id}`,
  color: "#000",
  kanban,
  userId: null,
  ticketsCount: 0,
});
const summary = ({ id, name, color, kanban }: Tag) => ({ id, name, color, kanban });
const ticket = (id: number, tags: Tag[]): KanbanTicket => ({
  id,
  uuid: `u${id}`,
  status: "open",
  queueId: null,
  userId: null,
  lastMessage: "",
  updatedAt: new Date(0).toISOString(),
  contact: { id, name: `C${id}`, number: "5511" },
  tags: tags.map(summary),
});

describe("buildLanes", () => {
  it("puts untagged tickets and tickets with only non-board tags first, then one lane per kanban tag", () => {
    const todo = tag(1);
    const done = tag(2);
    const vip = tag(3, 0);
    const lanes = buildLanes(
      [todo, done],
      [ticket(10, []), ticket(11, [todo]), ticket(12, [vip]), ticket(13, [done, vip])],
    );
    expect(lanes.map((lane) => [lane.tag?.id ?? null, lane.tickets.map((t) => t.id)])).toEqual([
      [null, [10, 12]],
      [1, [11]],
      [2, [13]],
    ]);
  });
});

describe("tagsAfterMove", () => {
  const todo = tag(1);
  const done = tag(2);
  const vip = tag(3, 0);

  it("swaps the source lane's tag for the target's and keeps the others", () => {
    expect(tagsAfterMove(ticket(1, [vip, todo]), [todo, done], todo, summary(done)).map((t) => t.id)).toEqual([3, 2]);
  });

  it("to the first lane, drops every board tag", () => {
    expect(tagsAfterMove(ticket(1, [todo, vip]), [todo, done], todo, null).map((t) => t.id)).toEqual([3]);
  });
});
