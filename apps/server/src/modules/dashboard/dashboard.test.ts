import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newContact, newTenant, newTicket, newUser } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import type { Database } from "../../db/client.js";
import { tickets, ticketTrackings, userRatings, users } from "../../db/schema/index.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const t = (iso: string) => new Date(`${iso}Z`);
const OLD = t("2026-02-01T12:00:00");

/** A ticket (with a contact made long before the period) and its life cycles, at chosen instants. */
async function service(
  db: Database,
  companyId: number,
  input: {
    status: "open" | "pending" | "closed";
    createdAt?: Date;
    cycles: { userId?: number; queuedAt: Date; startedAt?: Date; finishedAt?: Date }[];
  },
) {
  const contact = await newContact(db, companyId, { createdAt: OLD });
  const ticket = await newTicket(db, companyId, {
    contactId: contact.id,
    status: input.status,
    createdAt: input.createdAt ?? input.cycles[0]?.queuedAt ?? OLD,
  });
  for (const cycle of input.cycles) {
    await db.insert(ticketTrackings).values({
      companyId,
      ticketId: ticket.id,
      userId: cycle.userId ?? null,
      queuedAt: cycle.queuedAt,
      startedAt: cycle.startedAt ?? null,
      finishedAt: cycle.finishedAt ?? null,
    });
  }
  return ticket;
}

async function rate(db: Database, companyId: number, ticketId: number, userId: number, value: number, at: Date) {
  await db.insert(userRatings).values({ companyId, ticketId, userId, rate: value, createdAt: at });
}

type Tenant = Awaited<ReturnType<typeof newTenant>>;
let a: Tenant;
let b: Tenant;
let ana: { id: number };
let bruno: { id: number };

/**
 * Company A, period 2026-03-10..2026-03-11 (UTC). Hand-computed figures:
 * - in talk: T5 = 1; waiting: T6 (no tracking) + T7 (returned) = 2
 * - finished: T1, T2, T3, T4, T10's second cycle = 5
 * - talk: T1 30, T2 50, T3 20, T10 45 → 145 / 4 = 36.25 (T4 never accepted)
 * - wait: T1 6, T2 10, T5 2, T7 4 → 22 / 4 = 5.5 (T3 and T10 opened by an attendant: no wait)
 * - new contacts: 2 (a group and one created at the period's end are left out)
 * - Ana: talk (30 + 20) / 2 = 25, rating (3 + 2) / 2 = 2.5; Bruno: talk (50 + 45) / 2 = 47.5, no rating
 */
beforeAll(async () => {
  a = await newTenant(env);
  b = await newTenant(env);
  const db = env.db;
  const A = a.company.id;
  await db.update(users).set({ name: "Zeca Admin" }).where(eq(users.id, a.admin.id));
  ana = await newUser(db, A, { name: "Ana" });
  bruno = await newUser(db, A, { name: "Bruno" });

  const t1 = await service(db, A, {
    status: "closed",
    cycles: [
      {
        userId: ana.id,
        queuedAt: t("2026-03-10T10:00:00"),
        startedAt: t("2026-03-10T10:06:00"),
        finishedAt: t("2026-03-10T10:36:00"),
      },
    ],
  });
  const t2 = await service(db, A, {
    status: "closed",
    cycles: [
      {
        userId: bruno.id,
        queuedAt: t("2026-03-10T11:00:00"),
        startedAt: t("2026-03-10T11:10:00"),
        finishedAt: t("2026-03-10T12:00:00"),
      },
    ],
  });
  await service(db, A, {
    status: "closed",
    cycles: [
      {
        userId: ana.id,
        queuedAt: t("2026-03-11T09:00:00"),
        startedAt: t("2026-03-11T09:00:00"),
        finishedAt: t("2026-03-11T09:20:00"),
      },
    ],
  });
  await service(db, A, {
    status: "closed",
    cycles: [{ queuedAt: t("2026-03-11T13:00:00"), finishedAt: t("2026-03-11T13:05:00") }],
  });
  await service(db, A, {
    status: "open",
    cycles: [{ userId: bruno.id, queuedAt: t("2026-03-11T14:00:00"), startedAt: t("2026-03-11T14:02:00") }],
  });
  await service(db, A, { status: "pending", createdAt: t("2026-03-11T15:30:00"), cycles: [] });
  await service(db, A, {
    status: "pending",
    cycles: [{ userId: bruno.id, queuedAt: t("2026-03-10T16:00:00"), startedAt: t("2026-03-10T16:04:00") }],
  });
  // Outside the period: a cycle a minute before it, a pending ticket at its exclusive end.
  await service(db, A, {
    status: "closed",
    cycles: [
      {
        userId: ana.id,
        queuedAt: t("2026-03-09T23:59:00"),
        startedAt: t("2026-03-10T00:30:00"),
        finishedAt: t("2026-03-10T01:00:00"),
      },
    ],
  });
  await service(db, A, { status: "pending", createdAt: t("2026-03-12T00:00:00"), cycles: [] });
  // Reopened: only the second life cycle falls in the period.
  await service(db, A, {
    status: "closed",
    cycles: [
      {
        userId: ana.id,
        queuedAt: t("2026-03-01T10:00:00"),
        startedAt: t("2026-03-01T10:30:00"),
        finishedAt: t("2026-03-01T11:00:00"),
      },
      {
        userId: bruno.id,
        queuedAt: t("2026-03-11T10:00:00"),
        startedAt: t("2026-03-11T10:00:00"),
        finishedAt: t("2026-03-11T10:45:00"),
      },
    ],
  });

  await rate(db, A, t1.id, ana.id, 3, t("2026-03-10T10:40:00"));
  await rate(db, A, t2.id, ana.id, 2, t("2026-03-11T08:00:00"));
  await rate(db, A, t2.id, ana.id, 1, t("2026-03-12T08:00:00"));

  await newContact(db, A, { createdAt: t("2026-03-10T08:00:00") });
  await newContact(db, A, { createdAt: t("2026-03-11T23:59:59") });
  await newContact(db, A, { createdAt: t("2026-03-11T08:00:00"), isGroup: true });
  await newContact(db, A, { createdAt: t("2026-03-12T00:00:00") });

  // Presence: Bruno pinged a minute ago; Ana's mark is stale (a process died without saying offline).
  await db.execute(
    sql`update users set online = true, last_seen_at = now() - interval '1 minute' where id = ${bruno.id}`,
  );
  await db.execute(
    sql`update users set online = true, last_seen_at = now() - interval '20 minutes' where id = ${ana.id}`,
  );

  // Company B, same days: must never count for A.
  const B = b.company.id;
  const t11 = await service(db, B, {
    status: "closed",
    cycles: [
      {
        userId: b.agent.id,
        queuedAt: t("2026-03-10T10:00:00"),
        startedAt: t("2026-03-10T11:00:00"),
        finishedAt: t("2026-03-10T13:00:00"),
      },
    ],
  });
  await service(db, B, { status: "pending", createdAt: t("2026-03-10T09:00:00"), cycles: [] });
  await service(db, B, {
    status: "open",
    cycles: [{ userId: b.agent.id, queuedAt: t("2026-03-11T10:00:00"), startedAt: t("2026-03-11T10:30:00") }],
  });
  await rate(db, B, t11.id, b.agent.id, 1, t("2026-03-10T14:00:00"));
  await newContact(db, B, { createdAt: t("2026-03-10T08:00:00") });
});

async function get(headers: Record<string, string>, url: string) {
  const response = await env.app.inject({ url, headers });
  return { status: response.statusCode, body: response.json() };
}

describe("GET /dashboard", () => {
  it("answers every counter and attendant as hand-computed", async () => {
    const { status, body } = await get(a.adminHeaders, "/dashboard?date_from=2026-03-10&date_to=2026-03-11");
    expect(status).toBe(200);
    expect(body.counters).toEqual({
      supportHappening: 1,
      supportPending: 2,
      supportFinished: 5,
      newContacts: 2,
      avgSupportTime: 36.25,
      avgWaitTime: 5.5,
    });
    expect(body.attendants).toEqual(
      [
        { id: ana.id, name: "Ana", rating: 2.5, avgSupportTime: 25, online: false },
        { id: bruno.id, name: "Bruno", rating: 0, avgSupportTime: 47.5, online: true },
        { id: a.agent.id, name: a.agent.name, rating: 0, avgSupportTime: 0, online: false },
        { id: a.admin.id, name: "Zeca Admin", rating: 0, avgSupportTime: 0, online: false },
      ].sort((x, y) => x.name.localeCompare(y.name)),
    );
  });

  it("counts only the other company's own data for its admin", async () => {
    const { body } = await get(b.adminHeaders, "/dashboard?date_from=2026-03-10&date_to=2026-03-11");
    expect(body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 1,
      newContacts: 1,
      avgSupportTime: 120,
      avgWaitTime: 45,
    });
    expect(body.attendants.map((row: { id: number }) => row.id).sort()).toEqual(
      [b.admin.id, b.agent.id].sort((x, y) => x - y),
    );
    expect(body.attendants.find((row: { id: number }) => row.id === b.agent.id)).toMatchObject({
      rating: 1,
      avgSupportTime: 120,
    });
  });

  it("cuts days in the viewer's time zone", async () => {
    // In São Paulo (UTC-3) 2026-03-11 runs 03:00Z..03:00Z next day: T3, T10, T4, T5, T6 and the 00:00Z ticket.
    const { body } = await get(
      a.adminHeaders,
      "/dashboard?date_from=2026-03-11&date_to=2026-03-11&tz=America/Sao_Paulo",
    );
    expect(body.counters).toMatchObject({ supportHappening: 1, supportPending: 2, supportFinished: 3 });
  });

  it("takes the last N days, today included", async () => {
    const contact = await newContact(env.db, a.company.id);
    await newTicket(env.db, a.company.id, { contactId: contact.id, status: "pending" });
    const { body } = await get(a.adminHeaders, "/dashboard?days=1");
    expect(body.counters).toEqual({
      supportHappening: 0,
      supportPending: 1,
      supportFinished: 0,
      newContacts: 1,
      avgSupportTime: 0,
      avgWaitTime: 0,
    });
    await env.db.delete(tickets).where(eq(tickets.contactId, contact.id));
  });

  it("needs a filter, a sane range and an admin", async () => {
    for (const query of [
      "",
      "?days=0",
      "?date_to=2026-03-10",
      "?date_from=2026-03-10&date_to=2026-03-09",
      "?days=3&tz=Mars/Base",
    ]) {
      const { status, body } = await get(a.adminHeaders, `/dashboard${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toBe("ERR_VALIDATION");
    }
    const { status, body } = await get(a.agentHeaders, "/dashboard?days=7");
    expect(status).toBe(403);
    expect(body.error).toBe("ERR_NO_PERMISSION");
  });
});

describe("GET /dashboard/ticketsUsers", () => {
  it("counts the services each attendant took in the range, most first", async () => {
    const { status, body } = await get(
      a.adminHeaders,
      `/dashboard/ticketsUsers?initialDate=2026-03-10&finalDate=2026-03-11&companyId=${b.company.id}`,
    );
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        { userId: bruno.id, name: "Bruno", total: 4 },
        { userId: ana.id, name: "Ana", total: 2 },
      ],
      count: 6,
    });
  });

  it("is the admin's", async () => {
    const { status } = await get(a.agentHeaders, "/dashboard/ticketsUsers?initialDate=2026-03-10&finalDate=2026-03-11");
    expect(status).toBe(403);
  });
});

describe("GET /dashboard/ticketsDay", () => {
  it("counts arrivals per day, every day of the range present", async () => {
    const { body } = await get(a.adminHeaders, "/dashboard/ticketsDay?initialDate=2026-03-09&finalDate=2026-03-12");
    expect(body).toEqual({
      unit: "day",
      data: [
        { bucket: "2026-03-09", total: 1 },
        { bucket: "2026-03-10", total: 3 },
        { bucket: "2026-03-11", total: 5 },
        { bucket: "2026-03-12", total: 1 },
      ],
      count: 10,
    });
  });

  it("counts per hour for a single day, in the viewer's zone", async () => {
    const utc = await get(a.adminHeaders, "/dashboard/ticketsDay?initialDate=2026-03-11&finalDate=2026-03-11");
    expect(utc.body.unit).toBe("hour");
    expect(utc.body.data).toHaveLength(24);
    expect(utc.body.data.filter((row: { total: number }) => row.total > 0)).toEqual([
      { bucket: "09", total: 1 },
      { bucket: "10", total: 1 },
      { bucket: "13", total: 1 },
      { bucket: "14", total: 1 },
      { bucket: "15", total: 1 },
    ]);
    expect(utc.body.count).toBe(5);

    const saoPaulo = await get(
      a.adminHeaders,
      "/dashboard/ticketsDay?initialDate=2026-03-11&finalDate=2026-03-11&tz=America/Sao_Paulo",
    );
    expect(saoPaulo.body.data.filter((row: { total: number }) => row.total > 0)).toEqual([
      { bucket: "06", total: 1 },
      { bucket: "07", total: 1 },
      { bucket: "10", total: 1 },
      { bucket: "11", total: 1 },
      { bucket: "12", total: 1 },
      { bucket: "21", total: 1 },
    ]);
  });

  it("refuses a range that ends before it starts", async () => {
    const { status } = await get(a.adminHeaders, "/dashboard/ticketsDay?initialDate=2026-03-11&finalDate=2026-03-10");
    expect(status).toBe(400);
  });
});

describe("a ticket closed, reopened and closed again", () => {
  it("counts once in finished", async () => {
    const tenant = await newTenant(env);
    const ticket = await newTicket(env.db, tenant.company.id, { status: "open", userId: tenant.admin.id });
    for (const status of ["closed", "open", "closed"] as const) {
      const response = await env.app.inject({
        method: "PUT",
        url: `/tickets/${ticket.id}`,
        headers: tenant.adminHeaders,
        payload: { status },
      });
      expect(response.statusCode).toBe(200);
    }
    const cycles = await env.db.select().from(ticketTrackings).where(eq(ticketTrackings.ticketId, ticket.id));
    expect(cycles.filter((cycle) => cycle.finishedAt !== null)).toHaveLength(2);

    const { status, body } = await get(tenant.adminHeaders, "/dashboard?days=1");
    expect(status).toBe(200);
    expect(body.counters).toMatchObject({ supportFinished: 1, supportHappening: 0, supportPending: 0 });
  });
});
