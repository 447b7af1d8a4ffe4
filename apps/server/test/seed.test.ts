import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { companies, plans, queues, whatsappQueues, whatsapps } from "../src/db/schema/index.js";
import { DEMO_LOGINS, DEMO_PASSWORD, seedDemo } from "../src/db/seed.js";
import { createTestEnv, type TestEnv } from "./harness.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

describe("demo seed", () => {
  it("creates the demo company once, with its logins, queues and simulator connection", async () => {
    expect(await seedDemo(env.db)).toBe(true);
    expect(await seedDemo(env.db)).toBe(false);

    const [company] = await env.db.select().from(companies);
    expect(company).toMatchObject({ name: "Demo", status: true });
    const [plan] = await env.db.select().from(plans).where(eq(plans.id, company!.planId!));
    expect(plan).toMatchObject({
      name: "Demo",
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    });
    expect(await env.db.select().from(queues)).toHaveLength(2);
    const [connection] = await env.db.select().from(whatsapps);
    expect(connection).toMatchObject({ provider: "simulator", isDefault: true, companyId: company!.id });
    expect(await env.db.select().from(whatsappQueues)).toHaveLength(2);

    for (const email of Object.values(DEMO_LOGINS)) {
      const response = await env.app.inject({
        method: "POST",
        url: "/auth/login",
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(response.statusCode, email).toBe(200);
    }
    const superLogin = await env.app.inject({
      method: "POST",
      url: "/auth/login",
      payload: { email: DEMO_LOGINS.super, password: DEMO_PASSWORD },
    });
    expect(superLogin.json().user).toMatchObject({ super: true, profile: "admin" });
  });
});
