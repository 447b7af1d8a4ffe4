import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newCompany, newContact, newTicket, newWhatsapp } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { tickets } from "../../db/schema/index.js";
import { ticketForContact } from "./outbound-ticket.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

async function setup() {
  const company = await newCompany(env.db);
  const whatsapp = await newWhatsapp(env.db, company.id, { provider: "simulator" });
  const contact = await newContact(env.db, company.id);
  return { companyId: company.id, whatsapp, contact };
}

describe("ticketForContact", () => {
  it("answers the contact's pending ticket on the connection rather than opening one", async () => {
    const { companyId, whatsapp, contact } = await setup();
    const pending = await newTicket(env.db, companyId, {
      contactId: contact.id,
      whatsappId: whatsapp.id,
      status: "pending",
    });
    const found = await env.db.transaction((tx) => ticketForContact(tx, whatsapp, contact.id));
    expect(found).toMatchObject({ created: false, ticket: { id: pending.id } });
  });

  it("opens one ticket, however many sends ask at once, and not on the contact's closed ticket", async () => {
    const { companyId, whatsapp, contact } = await setup();
    await newTicket(env.db, companyId, { contactId: contact.id, whatsappId: whatsapp.id, status: "closed" });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => env.db.transaction((tx) => ticketForContact(tx, whatsapp, contact.id))),
    );
    expect(answers.filter((answer) => answer.created)).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.ticket.id)).size).toBe(1);
    const open = await env.db.select().from(tickets).where(eq(tickets.contactId, contact.id));
    expect(open.filter((row) => row.status === "open")).toHaveLength(1);
    expect(answers[0]!.ticket).toMatchObject({ status: "open", whatsappId: whatsapp.id, userId: null, queueId: null });
  });

  it("refuses another company's contact", async () => {
    const { whatsapp } = await setup();
    const other = await setup();
    await expect(env.db.transaction((tx) => ticketForContact(tx, whatsapp, other.contact.id))).rejects.toMatchObject({
      code: "ERR_NO_CONTACT_FOUND",
    });
  });
});
