import type { KanbanTicket, Tag, TagSummary } from "@atendo/shared";

/** A lane of the board: the first holds tickets with no kanban tag (tag null), then one per kanban tag. */
export interface Lane {
  tag: Tag | null;
  tickets: KanbanTicket[];
}

/** Lane keys for drag and drop and React: "open" or the tag's id. */
export function laneKey(tag: Pick<Tag, "id"> | null): string {
  return tag ? String(tag.id) : "open";
}

/**
 * Document 2: the first lane holds tickets without tags, then one lane per kanban tag.
 * A ticket whose tags are all outside the board (not kanban) also stays in the first
 * lane, so no ticket disappears from the board; one with two kanban tags shows in both.
 */
export function buildLanes(tags: readonly Tag[], tickets: readonly KanbanTicket[]): Lane[] {
  const laneIds = new Set(tags.map((tag) => tag.id));
  const open: KanbanTicket[] = [];
  const byTag = new Map<number, KanbanTicket[]>(tags.map((tag) => [tag.id, []]));
  for (const ticket of tickets) {
    const onBoard = ticket.tags.filter((tag) => laneIds.has(tag.id));
    if (onBoard.length === 0) open.push(ticket);
    for (const tag of onBoard) byTag.get(tag.id)!.push(ticket);
  }
  return [{ tag: null, tickets: open }, ...tags.map((tag) => ({ tag, tickets: byTag.get(tag.id)! }))];
}

/**
 * The ticket's tags after moving its card from one lane to another: the source lane's tag
 * is removed and the target's added; to the first lane, every board tag goes. Tags that
 * are not lanes are kept.
 */
export function tagsAfterMove(
  ticket: Pick<KanbanTicket, "tags">,
  laneTags: readonly Pick<Tag, "id">[],
  from: Pick<Tag, "id"> | null,
  to: TagSummary | null,
): TagSummary[] {
  if (!to) {
    const laneIds = new Set(laneTags.map((tag) => tag.id));
    return ticket.tags.filter((tag) => !laneIds.has(tag.id));
  }
  const kept = ticket.tags.filter((tag) => tag.id !== from?.id && tag.id !== to.id);
  return [...kept, to];
}
