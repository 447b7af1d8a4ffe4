import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { contactListItems, contactLists } from "../../db/schema/index.js";
import { contactListRecipients } from "./contact-lists.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

describe("contactListRecipients", () => {
  it("answers every item of the company's list in id order, and nothing of another company's", async () => {
    const { company } = await newTenant(env);
    const other = await newTenant(env);
    const [list] = await env.db.insert(contactLists).values({ companyId: company.id, name: "Clientes" }).returning();
    const [otherList] = await env.db
      .insert(contactLists)
      .values({ companyId: other.company.id, name: "Outra" })
      .returning();
    const items = await env.db
      .insert(contactListItems)
      .values([
        {
          companyId: company.id,
          contactListId: list!.id,
          name: "Zeca",
          number: "5511900000001",
          isWhatsappValid: true,
        },
        { companyId: company.id, contactListId: list!.id, name: "Ana", number: "5511900000002", email: "ana@test.dev" },
        {
          companyId: company.id,
          contactListId: list!.id,
          name: "Bia",
          number: "5511900000003",
          isWhatsappValid: false,
        },
      ])
      .returning();
    await env.db
      .insert(contactListItems)
      .values({ companyId: other.company.id, contactListId: otherList!.id, name: "X", number: "5511900000004" });

    expect(await contactListRecipients(env.db, company.id, list!.id)).toEqual(
      items.map(({ id, name, number, email, isWhatsappValid }) => ({ id, name, number, email, isWhatsappValid })),
    );
    expect(items.map((item) => item.isWhatsappValid)).toEqual([true, null, false]);
    expect(await contactListRecipients(env.db, company.id, otherList!.id)).toEqual([]);
  });
});
