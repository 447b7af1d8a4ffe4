import type { Ticket } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { testTicket as ticket } from "./testTicket";
import {
  clearUnread,
  flattenPages,
  listCount,
  matchesList,
  normalizeTicket,
  placeTicket,
  removeTicket,
  type Viewer,
  withListCount,
} from "./ticketPlacement";
import type { TicketPages } from "./ticketsApi";

const agent: Viewer = { id: 7, profile: "user", super: false, allTicket: false, queueIds: [1] };
const admin: Viewer = { id: 1, profile: "admin", super: false, allTicket: false, queueIds: [1, 2] };

/** One page per array, newest first as the server answers. */
function pages(count: number, hasMore: boolean, ...chunks: Ticket[][]): TicketPages {
  return {
    pages: chunks.map((tickets) => ({ tickets, count, hasMore })),
    pageParams: chunks.map((_, index) => index + 1),
  };
}

const ids = (data: TicketPages) => flattenPages(data).map((item) => item.id);

describe("matchesList", () => {
  it("keeps a list to its status, the user's own or unassigned tickets and the selected queues", () => {
    const open = { status: "open" as const, queueIds: [1] };
    expect(matchesList(ticket(1), open, agent)).toBe(true);
    expect(matchesList(ticket(1, { status: "pending", userId: null }), open, agent)).toBe(false);
    expect(matchesList(ticket(1, { userId: 99 }), open, agent)).toBe(false);
    expect(matchesList(ticket(1, { userId: null }), open, agent)).toBe(true);
    expect(matchesList(ticket(1, { queueId: 2 }), open, agent)).toBe(false);
    // A ticket still in the chatbot has no queue: every queue filter keeps it.
    expect(matchesList(ticket(1, { queueId: null }), open, agent)).toBe(true);
  });

  it("honours show-all for admins only", () => {
    const showAll = { status: "open" as const, showAll: true };
    expect(matchesList(ticket(1, { userId: 99 }), showAll, admin)).toBe(true);
    expect(matchesList(ticket(1, { userId: 99, queueId: 1 }), showAll, agent)).toBe(false);
  });

  it("hides tickets of queues the user does not belong to, unless allTicket shows pending ones", () => {
    const pendingList = { status: "pending" as const, showAll: true };
    const foreign = ticket(1, { status: "pending", userId: null, queueId: 2 });
    expect(matchesList(foreign, pendingList, agent)).toBe(false);
    expect(matchesList(foreign, pendingList, { ...agent, allTicket: true })).toBe(true);
    expect(matchesList(foreign, pendingList, admin)).toBe(true);
  });

  it("applies the tag and user filters of the search tab", () => {
    const tagged = ticket(1, { tags: [{ id: 5, name: "vip", color: "#000" }] });
    expect(matchesList(tagged, { tags: [5] }, agent)).toBe(true);
    expect(matchesList(tagged, { tags: [5, 6] }, agent)).toBe(false);
    expect(matchesList(tagged, { users: [7] }, agent)).toBe(true);
    expect(matchesList(tagged, { users: [8] }, agent)).toBe(false);
  });
});

describe("placeTicket", () => {
  const open = { status: "open" as const, queueIds: [1] };

  it("inserts a new matching ticket at the top and counts it", () => {
    const data = pages(2, false, [ticket(2), ticket(1)]);
    const fresh = ticket(3, { createdAt: ticket(3).updatedAt });
    const { data: next, countUncertain } = placeTicket(data, open, agent, fresh);
    expect(ids(next)).toEqual([3, 2, 1]);
    expect(listCount(next)).toBe(3);
    expect(countUncertain).toBe(false);
  });

  it("moves an updated ticket to its place without changing the count", () => {
    const data = pages(3, false, [ticket(3), ticket(2), ticket(1)]);
    const newer = ticket(1, { updatedAt: "2026-01-02T00:00:00.000Z", lastMessage: "novo", unreadMessages: 2 });
    const { data: next } = placeTicket(data, open, agent, newer, ticket(1));
    expect(ids(next)).toEqual([1, 3, 2]);
    expect(flattenPages(next)[0]).toMatchObject({ lastMessage: "novo", unreadMessages: 2 });
    expect(listCount(next)).toBe(3);
  });

  it("moves a ticket between the open and closed lists", () => {
    const openList = pages(2, false, [ticket(2), ticket(1)]);
    const closedList = pages(0, false, []);
    const closed = ticket(1, { status: "closed", updatedAt: "2026-01-02T00:00:00.000Z" });
    const fromOpen = placeTicket(openList, open, agent, closed, ticket(1)).data;
    const toClosed = placeTicket(closedList, { status: "closed", queueIds: [1] }, agent, closed, ticket(1)).data;
    expect(ids(fromOpen)).toEqual([2]);
    expect(listCount(fromOpen)).toBe(1);
    expect(ids(toClosed)).toEqual([1]);
    expect(listCount(toClosed)).toBe(1);
  });

  it("removes a ticket accepted by someone else from the pending list, and keeps it out of this user's open list", () => {
    const pendingTicket = ticket(4, { status: "pending", userId: null, user: null });
    const pendingList = pages(1, false, [pendingTicket]);
    const taken = ticket(4, { status: "open", userId: 99, updatedAt: "2026-01-02T00:00:00.000Z" });
    expect(ids(placeTicket(pendingList, { status: "pending" }, agent, taken, pendingTicket).data)).toEqual([]);
    const openList = pages(0, false, []);
    const after = placeTicket(openList, open, agent, taken, pendingTicket).data;
    expect(ids(after)).toEqual([]);
    expect(listCount(after)).toBe(0);
  });

  it("removes a ticket transferred to an unselected queue", () => {
    const data = pages(2, false, [ticket(2), ticket(1)]);
    const moved = ticket(2, { queueId: 2, userId: null, status: "open" });
    const { data: next } = placeTicket(data, open, agent, moved, ticket(2));
    expect(ids(next)).toEqual([1]);
    expect(listCount(next)).toBe(1);
  });

  it("leaves a ticket older than every loaded row to a later page", () => {
    const data = pages(50, true, [ticket(20), ticket(10)]);
    const old = ticket(5, { createdAt: "2025-01-01T00:00:00.000Z" });
    const { data: next, countUncertain } = placeTicket(data, open, agent, old);
    expect(ids(next)).toEqual([20, 10]);
    // Nothing loaded knew the ticket: the list asks the server for its count.
    expect(countUncertain).toBe(true);
  });

  it("counts a brand-new ticket in a partly loaded list without asking the server", () => {
    const data = pages(50, true, [ticket(20), ticket(10)]);
    const fresh = ticket(30, { createdAt: ticket(30).updatedAt });
    const { data: next, countUncertain } = placeTicket(data, open, agent, fresh);
    expect(ids(next)).toEqual([30, 20, 10]);
    expect(listCount(next)).toBe(51);
    expect(countUncertain).toBe(false);
  });

  it("only updates or drops rows of a text search", () => {
    const search = { searchParam: "maria", showAll: true };
    const data = pages(1, false, [ticket(1)]);
    const stranger = ticket(9, { createdAt: ticket(9).updatedAt });
    expect(ids(placeTicket(data, search, agent, stranger).data)).toEqual([1]);
    const renamed = ticket(1, { lastMessage: "mudou" });
    expect(flattenPages(placeTicket(data, search, agent, renamed, ticket(1)).data)[0].lastMessage).toBe("mudou");
  });
});

describe("the count of a scrolled list", () => {
  const open = { status: "open" as const, queueIds: [1] };
  // GET /tickets counts on the first page only: the pages a scroll loads after it carry no count.
  const scrolled: TicketPages = {
    pages: [
      { tickets: [ticket(20), ticket(10)], count: 50, hasMore: true },
      { tickets: [ticket(5)], hasMore: true },
    ],
    pageParams: [1, "5_5"],
  };

  it("reads the first page's count after later pages have loaded", () => {
    expect(listCount(scrolled)).toBe(50);
  });

  it("counts placements and refreshes on the first page, leaving later pages without a count", () => {
    const fresh = ticket(30, { createdAt: ticket(30).updatedAt });
    const placed = placeTicket(scrolled, open, agent, fresh).data;
    expect(listCount(placed)).toBe(51);
    expect(placed.pages[1]).not.toHaveProperty("count");
    const removed = removeTicket(placed, open, agent, 5).data;
    expect(ids(removed)).toEqual([30, 20, 10]);
    expect(listCount(removed)).toBe(50);
    const refreshed = withListCount(removed, 12);
    expect(listCount(refreshed)).toBe(12);
    expect(refreshed.pages[1]).not.toHaveProperty("count");
  });
});

describe("removeTicket and clearUnread", () => {
  it("drops a deleted ticket and its count", () => {
    const data = pages(2, false, [ticket(2), ticket(1)]);
    const { data: next } = removeTicket(data, { status: "open" }, agent, 2);
    expect(ids(next)).toEqual([1]);
    expect(listCount(next)).toBe(1);
  });

  it("leaves a list alone when the deleted ticket was not in it", () => {
    const data = pages(1, false, [ticket(1)]);
    const placement = removeTicket(data, { status: "open" }, agent, 42);
    expect(placement.data).toBe(data);
    expect(placement.countUncertain).toBe(false);
  });

  it("resets the unread badge", () => {
    const data = pages(1, false, [ticket(1, { unreadMessages: 4 })]);
    expect(flattenPages(clearUnread(data, 1))[0].unreadMessages).toBe(0);
  });
});

describe("normalizeTicket", () => {
  it("keeps the known tags when a message event carries none", () => {
    const known = ticket(1, { tags: [{ id: 5, name: "vip", color: "#000" }] });
    const { tags: _tags, ...withoutTags } = ticket(1, { lastMessage: "nova" });
    const merged = normalizeTicket({ ...withoutTags, contact: { ...known.contact, email: null } }, known);
    expect(merged?.tags).toEqual(known.tags);
    expect(merged?.lastMessage).toBe("nova");
    expect(merged?.contact.email).toBe("");
  });

  it("refuses a payload without an id", () => {
    expect(normalizeTicket({ status: "open" }, undefined)).toBeUndefined();
  });
});
