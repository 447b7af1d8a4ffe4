import { randomBytes, randomInt } from "node:crypto";
import type { Profile } from "@atendo/shared";
import bcrypt from "bcryptjs";
import type { Database } from "../src/db/client.js";
import {
  companies,
  contacts,
  plans,
  prompts,
  queueIntegrations,
  queues,
  tags,
  tickets,
  userQueues,
  users,
  whatsapps,
} from "../src/db/schema/index.js";
import type { TestEnv } from "./harness.js";

export const PASSWORD = "Secret#123";
const passwordHash = bcrypt.hashSync(PASSWORD, 4);
const unique = () => randomBytes(3).toString("hex");
const DAY = 24 * 60 * 60 * 1000;

export async function newPlan(db: Database, values: Partial<typeof plans.$inferInsert> = {}) {
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plan ${unique()}`, users: 10, connections: 3, queues: 5, value: 99, ...values })
    .returning();
  return plan!;
}

export async function newCompany(db: Database, values: Partial<typeof companies.$inferInsert> = {}) {
  const planId = values.planId ?? (await newPlan(db)).id;
  const [company] = await db
    .insert(companies)
    .values({
      name: `Company ${unique()}`,
      email: `company-${unique()}@test.dev`,
      planId,
      dueDate: new Date(Date.now() + 30 * DAY),
      ...values,
    })
    .returning();
  return company!;
}

export async function newUser(
  db: Database,
  companyId: number,
  values: Partial<typeof users.$inferInsert> & { profile?: Profile } = {},
) {
  const [user] = await db
    .insert(users)
    .values({ companyId, name: `User ${unique()}`, email: `user-${unique()}@test.dev`, passwordHash, ...values })
    .returning();
  return user!;
}

export async function newQueue(db: Database, companyId: number, values: Partial<typeof queues.$inferInsert> = {}) {
  const [queue] = await db
    .insert(queues)
    .values({ companyId, name: `Queue ${unique()}`, color: `#${randomBytes(3).toString("hex")}`, ...values })
    .returning();
  return queue!;
}

export async function linkUserQueue(db: Database, companyId: number, userId: number, queueId: number) {
  await db.insert(userQueues).values({ companyId, userId, queueId });
}

/** Logs in through the API and answers the bearer header. */
export async function login(env: TestEnv, email: string, password = PASSWORD) {
  const response = await env.app.inject({ method: "POST", url: "/auth/login", payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.body}`);
  const body = response.json() as { token: string };
  return { authorization: `Bearer ${body.token}` };
}

/** A company with an admin and an attendant, both logged in. */
export async function newTenant(env: TestEnv, companyValues: Partial<typeof companies.$inferInsert> = {}) {
  const company = await newCompany(env.db, companyValues);
  const admin = await newUser(env.db, company.id, { profile: "admin" });
  const agent = await newUser(env.db, company.id, { profile: "user" });
  return {
    company,
    admin,
    agent,
    adminHeaders: await login(env, admin.email),
    agentHeaders: await login(env, agent.email),
  };
}

/** A super admin in its own platform company. */
export async function newSuper(env: TestEnv) {
  const company = await newCompany(env.db, { name: `Platform ${unique()}` });
  const user = await newUser(env.db, company.id, { profile: "admin", super: true });
  return { company, user, headers: await login(env, user.email) };
}

export async function newWhatsapp(
  db: Database,
  companyId: number,
  values: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const [whatsapp] = await db
    .insert(whatsapps)
    .values({ companyId, name: `Connection ${unique()}`, token: randomBytes(16).toString("hex"), ...values })
    .returning();
  return whatsapp!;
}

/**
 * A contact number no other contact of this test process has: a random start, then one step per
 * contact (random numbers alone collided in a test making a hundred contacts in one company).
 */
let nextContactNumber = randomInt(0, 90_000_000);
const uniqueContactNumber = () => `55119${10_000_000 + (nextContactNumber++ % 90_000_000)}`;

export async function newContact(db: Database, companyId: number, values: Partial<typeof contacts.$inferInsert> = {}) {
  const [contact] = await db
    .insert(contacts)
    .values({ companyId, name: `Contact ${unique()}`, number: uniqueContactNumber(), ...values })
    .returning();
  return contact!;
}

/** A ticket with its contact (made when not given). */
export async function newTicket(db: Database, companyId: number, values: Partial<typeof tickets.$inferInsert> = {}) {
  const contactId = values.contactId ?? (await newContact(db, companyId)).id;
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId, contactId, status: "pending", ...values })
    .returning();
  return ticket!;
}

export async function newTag(db: Database, companyId: number, values: Partial<typeof tags.$inferInsert> = {}) {
  const [tag] = await db
    .insert(tags)
    .values({ companyId, name: `Tag ${unique()}`, ...values })
    .returning();
  return tag!;
}

export async function newPrompt(db: Database, companyId: number, values: Partial<typeof prompts.$inferInsert> = {}) {
  const [prompt] = await db
    .insert(prompts)
    .values({ companyId, name: `Prompt ${unique()}`, prompt: "x".repeat(50), apiKey: "sk-test", ...values })
    .returning();
  return prompt!;
}

export async function newIntegration(
  db: Database,
  companyId: number,
  values: Partial<typeof queueIntegrations.$inferInsert> = {},
) {
  const [integration] = await db
    .insert(queueIntegrations)
    .values({ companyId, type: "n8n", name: `Integration ${unique()}`, ...values })
    .returning();
  return integration!;
}
