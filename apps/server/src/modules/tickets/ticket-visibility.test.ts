import {
  ALL_TICKET_VALUES,
  canSeeTicket,
  listShowsTicket,
  type Profile,
  TICKET_STATUSES,
  type TicketViewer,
} from "@atendo/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { linkUserQueue, newCompany, newContact, newQueue, newTicket, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { tickets } from "../../db/schema/index.js";
import { rooms } from "../../realtime/gateway.js";
import { kanbanTickets } from "../tags/tags.repository.js";
import { type AudienceTicket, ticketAudience } from "./tickets.events.js";
import { pageTickets, viewerScope } from "./tickets.repository.js";

/**
 * The matrix: every viewer (profile × super × queues × allTicket) against every
 * ticket (status × queue × owner × group), with show-all off and on. The shared
 * predicate decides; the SQL built from the same inputs must answer the same in
 * each place it is used: the list, its search, the kanban and the realtime audience.
 */

let env: TestEnv;
let companyId: number;
let viewers: TicketViewer[];
let all: AudienceTicket[];

const PROFILES: Profile[] = ["admin", "user", "supervisor"];
const EVERYTHING = { limit: 10_000, offset: 0 };
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

beforeAll(async () => {
  env = await createTestEnv();
  const company = await newCompany(env.db);
  companyId = company.id;
  const mine = await newQueue(env.db, companyId);
  const other = await newQueue(env.db, companyId);

  const users = [];
  for (const profile of PROFILES) {
    for (const isSuper of [false, true]) {
      for (const queueIds of [[], [mine.id], [mine.id, other.id]]) {
        for (const allTicket of ALL_TICKET_VALUES) {
          const user = await newUser(env.db, companyId, { profile, super: isSuper, allTicket });
          for (const queueId of queueIds) await linkUserQueue(env.db, companyId, user.id, queueId);
          users.push(user);
        }
      }
    }
  }
  // The predicate's viewer as the server's checks read it (viewerScope), not as the test built it.
  viewers = await Promise.all(
    users.map(async (user) => ({
      id: user.id,
      profile: user.profile,
      super: user.super,
      ...(await viewerScope(env.db, companyId, user.id)),
    })),
  );

  // Every ticket matches the search below through its contact's name.
  const contact = await newContact(env.db, companyId, { name: "Matrix Contact" });
  const rows = [];
  for (const status of TICKET_STATUSES) {
    for (const queueId of [null, mine.id, other.id]) {
      for (const userId of [null, ...users.map((user) => user.id)]) {
        for (const isGroup of [false, true])
          rows.push({ companyId, contactId: contact.id, status, queueId, userId, isGroup });
      }
    }
  }
  all = await env.db.insert(tickets).values(rows).returning({
    id: tickets.id,
    companyId: tickets.companyId,
    status: tickets.status,
    queueId: tickets.queueId,
    userId: tickets.userId,
  });

  // Another company's ticket and user: never in a list, never in an audience.
  const foreign = await newCompany(env.db);
  await newUser(env.db, foreign.id, { allTicket: "enabled" });
  await newTicket(env.db, foreign.id, { contactId: (await newContact(env.db, foreign.id, { name: "Matrix" })).id });
}, 120_000);
afterAll(async () => env.close());

const cases = () => viewers.flatMap((viewer) => [false, true].map((showAll) => ({ viewer, showAll })));
const label = (viewer: TicketViewer, showAll: boolean) =>
  `${viewer.profile}${viewer.super ? "+super" : ""} queues=[${viewer.queueIds.length}] allTicket=${viewer.allTicket} showAll=${showAll}`;

describe("the visibility rule: shared predicate and SQL agree", () => {
  it("covers the whole matrix", () => {
    expect(viewers).toHaveLength(36);
    expect(all).toHaveLength(666);
  });

  it("the list and its search show exactly listShowsTicket", async () => {
    for (const { viewer, showAll } of cases()) {
      const expected = sorted(all.filter((ticket) => listShowsTicket(viewer, ticket, showAll)).map((t) => t.id));
      for (const search of ["", "matrix"]) {
        const filters = { search, withUnreadMessages: false, viewer, showAll };
        const { rows, count } = await pageTickets(env.db, companyId, filters, EVERYTHING);
        expect(sorted(rows.map((row) => row.ticket.id)), `${label(viewer, showAll)} search="${search}"`).toEqual(
          expected,
        );
        expect(count).toBe(expected.length);
      }
    }
  });

  it("the kanban shows exactly listShowsTicket's open and pending tickets", async () => {
    for (const { viewer, showAll } of cases()) {
      const expected = all.filter((ticket) => ticket.status !== "closed" && listShowsTicket(viewer, ticket, showAll));
      const rows = await kanbanTickets(env.db, companyId, { viewer, showAll }, EVERYTHING.limit);
      expect(sorted(rows.map((row) => row.id)), label(viewer, showAll)).toEqual(sorted(expected.map((t) => t.id)));
    }
  });

  it("the realtime audience reaches exactly the users canSeeTicket lets see the ticket", async () => {
    // The sockets in each room: every user's join the company room and their own, admins' the admins room.
    const reached = new Map<string, number[]>([
      [rooms.company(companyId), viewers.map((viewer) => viewer.id)],
      [rooms.admins(companyId), viewers.filter((viewer) => viewer.profile === "admin").map((viewer) => viewer.id)],
      ...viewers.map((viewer): [string, number[]] => [rooms.user(companyId, viewer.id), [viewer.id]]),
    ]);
    for (const ticket of all) {
      const audience = await ticketAudience(env.db, ticket);
      const users = new Set(
        audience.flatMap((room) => {
          const members = reached.get(room);
          if (!members) throw new Error(`unexpected room ${room}`);
          return members;
        }),
      );
      const expected = viewers.filter((viewer) => canSeeTicket(viewer, ticket)).map((viewer) => viewer.id);
      expect(sorted([...users]), JSON.stringify(ticket)).toEqual(sorted(expected));
    }
  });
});
