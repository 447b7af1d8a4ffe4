import { DEFAULT_WEEK_SCHEDULE, INVOICE_LEAD_DAYS } from "@atendo/shared";
import bcrypt from "bcryptjs";
import { sql } from "drizzle-orm";
import { newProviderId, virtualNumber } from "../channels/simulator/simulator.provider.js";
import { insertInbound, pairDevice } from "../channels/simulator/simulator.repository.js";
import type { AppContext } from "../context.js";
import type { Database, Executor } from "../db/client.js";
import {
  companies,
  plans,
  queues,
  settings,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";
import { randomToken } from "../modules/auth/tokens.js";
import { DEMO_CUSTOMER, seedDemoContent } from "./seed-demo-content.js";

export const DEMO_PASSWORD = "Atendo#2026";
export const DEMO_LOGINS = {
  super: "super@atendo.dev",
  admin: "admin@atendo.dev",
  agent: "agent@atendo.dev",
} as const;

/**
 * Seeds the demo company on an empty database; does nothing when any company
 * exists.
 */
export async function seedDemo(db: Database, deps: Pick<AppContext, "jobs">): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting together must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing) return false;
    const [plan] = await tx
      .insert(plans)
      .values({ name: "Demo", users: 20, connections: 5, queues: 10, value: 49 })
      .returning();
    const [company] = await tx
      .insert(companies)
      .values({
        name: "Demo",
        email: "demo@atendo.dev",
        phone: "11999990000",
        planId: plan!.id,
        status: true,
        recurrence: "MENSAL",
        // A monthly customer whose next fee was just issued (the invoice job issues it INVOICE_LEAD_DAYS
        // before the due date): Financeiro's open invoice and the subscription page's days left agree.
        dueDate: new Date(Date.now() + INVOICE_LEAD_DAYS * 24 * 60 * 60 * 1000),
        schedules: DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })),
      })
      .returning();
    const companyId = company!.id;
    await tx.insert(settings).values({ companyId, key: "campaignsEnabled", value: "true" });
    const passwordHash = await bcrypt.hash(DEMO_PASSWORD, 10);
    const inserted = await tx
      .insert(users)
      .values([
        {
          companyId,
          name: "Super Admin",
          email: DEMO_LOGINS.super,
          passwordHash,
          profile: "admin",
          super: true,
          allTicket: "enabled",
        },
        {
          companyId,
          name: "Ana Admin",
          email: DEMO_LOGINS.admin,
          passwordHash,
          profile: "admin",
          allTicket: "enabled",
        },
        { companyId, name: "Bruno Atendente", email: DEMO_LOGINS.agent, passwordHash, profile: "user" },
      ])
      .returning({ id: users.id, email: users.email });
    const demoQueues = await tx
      .insert(queues)
      .values([
        {
          companyId,
          name: "Atendimento",
          color: "#2563EB",
          orderQueue: 1,
          greetingMessage: "Olá! Em que podemos ajudar?",
        },
        {
          companyId,
          name: "Financeiro",
          color: "#16A34A",
          orderQueue: 2,
          greetingMessage: "Financeiro: boletos, notas e pagamentos.",
        },
      ])
      .returning({ id: queues.id, name: queues.name, color: queues.color });
    const links = inserted.flatMap((user) =>
      (user.email === DEMO_LOGINS.agent ? demoQueues.slice(0, 1) : demoQueues).map((queue) => ({
        companyId,
        userId: user.id,
        queueId: queue.id,
      })),
    );
    await tx.insert(userQueues).values(links);
    // The built-in virtual phone network: the demo can be tried without a phone.
    const [connection] = await tx
      .insert(whatsapps)
      .values({
        companyId,
        name: "Simulador",
        provider: "simulator",
        isDefault: true,
        token: randomToken(24),
        greetingMessage: "Olá! Bem-vindo à Demo. Escolha uma opção:",
        complationMessage: "Atendimento encerrado. Obrigado pelo contato!",
        ratingMessage: "Como você avalia nosso atendimento? Responda de 1 a 3.",
      })
      .returning({ id: whatsapps.id });
    await tx
      .insert(whatsappQueues)
      .values(demoQueues.map((queue) => ({ companyId, whatsappId: connection!.id, queueId: queue.id })));
    await seedDemoInbox(tx, connection!.id);
    const idOf = (email: string) => inserted.find((user) => user.email === email)!.id;
    await seedDemoContent(tx, deps, {
      companyId,
      planId: plan!.id,
      connectionId: connection!.id,
      queues: demoQueues,
      userIds: [idOf(DEMO_LOGINS.admin), idOf(DEMO_LOGINS.agent), idOf(DEMO_LOGINS.super)],
    });
    return true;
  });
}

const MINUTE = 60_000;

/** What the demo's customers wrote just before the first visit, oldest first. */
const DEMO_INBOX = [
  { ...DEMO_CUSTOMER, body: "Olá! Qual é o horário de atendimento de vocês?", minutesAgo: 12 },
  {
    name: "Mariana Souza",
    number: "5511988887771",
    body: "Oi, meu pedido 4521 ainda não chegou. Podem verificar?",
    minutesAgo: 7,
  },
  {
    name: "Carlos Lima",
    number: "5511977776662",
    body: "Bom dia! Preciso da segunda via do boleto deste mês.",
    minutesAgo: 3,
  },
];

/**
 * The demo's simulated phone is paired, and its customers' messages wait on the simulated network:
 * when the server starts the connection it comes up CONNECTED and receives them through the
 * ingestion every provider uses (tickets, contacts, the chatbot's greeting), so Atendimentos and
 * the Kanban have conversations on the first visit. Only rows of the simulator's own tables are
 * written here.
 */
async function seedDemoInbox(tx: Executor, connectionId: number, now = Date.now()): Promise<void> {
  await pairDevice(tx, connectionId, virtualNumber(connectionId));
  for (const customer of DEMO_INBOX) {
    await insertInbound(tx, {
      whatsappId: connectionId,
      providerId: newProviderId(),
      payload: {
        from: customer.number,
        name: customer.name,
        body: customer.body,
        timestamp: now - customer.minutesAgo * MINUTE,
      },
    });
  }
}

/**
 * Production never seeds the demo; a fresh production database gets its
 * platform company and first super admin from the environment instead.
 */
export async function bootstrapSuperAdmin(db: Database, email: string, password: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ id: companies.id }).from(companies).limit(1);
    if (existing) return false;
    const [plan] = await tx
      .insert(plans)
      .values({ name: "Platform", users: 10, connections: 1, queues: 5 })
      .returning();
    const [company] = await tx.insert(companies).values({ name: "Platform", email, planId: plan!.id }).returning();
    await tx.insert(users).values({
      companyId: company!.id,
      name: "Super Admin",
      email: email.toLowerCase(),
      passwordHash: await bcrypt.hash(password, 10),
      profile: "admin",
      super: true,
      allTicket: "enabled",
    });
    return true;
  });
}
