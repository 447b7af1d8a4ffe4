import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newIntegration, newPlan, newTenant, newWhatsapp } from "../../../test/factories.js";
import { type FakeTypebot, startFakeTypebot } from "../../../test/fake-typebot.js";
import { startWebhookReceiver, type WebhookReceiver } from "../../../test/fake-webhook.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { whatsapps } from "../../db/schema/index.js";

/**
 * REMOTE_PRIVATE_TARGETS=deny (production's default): a tenant's URL on the server's own
 * network (here the local fakes on 127.0.0.1) is never requested, by the webhook delivery or
 * by the Typebot test.
 */
let env: TestEnv;
let receiver: WebhookReceiver;
let typebot: FakeTypebot;
const logLines: string[] = [];

beforeAll(async () => {
  [receiver, typebot] = await Promise.all([startWebhookReceiver(), startFakeTypebot()]);
  env = await createTestEnv({
    config: { JOB_POLL_SECONDS: "0.5", REMOTE_PRIVATE_TARGETS: "deny" },
    logger: { level: "debug", stream: { write: (line: string) => void logLines.push(line) } },
  });
});
afterAll(async () => {
  await env.close();
  await Promise.all([receiver.close(), typebot.close()]);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("private targets denied", () => {
  it("a webhook integration pointed at a local receiver is not called, and the delivery is given up at once", async () => {
    const plan = await newPlan(env.db, { useExternalApi: true, useIntegrations: true });
    const tenant = await newTenant(env, { planId: plan.id });
    const whatsapp = await newWhatsapp(env.db, tenant.company.id, { provider: "simulator", isDefault: true });
    await env.ctx.sessions!.start(whatsapp.id);
    expect((await env.app.inject({ method: "POST", url: `/simulator/scan/${whatsapp.id}` })).statusCode).toBe(200);
    const integration = await newIntegration(env.db, tenant.company.id, {
      type: "webhook",
      urlN8N: receiver.url,
      signingSecret: env.ctx.secrets.seal("whsec_guard-test-key"),
    });
    await env.db.update(whatsapps).set({ integrationId: integration.id }).where(eq(whatsapps.id, whatsapp.id));

    const inbound = await env.app.inject({
      method: "POST",
      url: "/simulator/inbound",
      payload: { whatsappId: whatsapp.id, from: "5521900001111", name: "Maria", body: "Olá" },
    });
    expect(inbound.statusCode, inbound.body).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!logLines.some((line) => line.includes("webhook delivery given up")) && Date.now() < deadline)
      await sleep(50);
    const givenUp = logLines.find((line) => line.includes("webhook delivery given up"));
    expect(givenUp).toBeDefined();
    expect(JSON.parse(givenUp!)).toMatchObject({ attempt: 1, reason: "refused (privateAddress)" });
    // Not the URL: its path is often the receiver's secret.
    expect(logLines.join("\n")).not.toContain(new URL(receiver.url).pathname);
    await sleep(1500);
    expect(receiver.received).toEqual([]);
  }, 20_000);

  it("testSession refuses a Typebot on a local address without calling it", async () => {
    const tenant = await newTenant(env);
    const response = await env.app.inject({
      method: "POST",
      url: "/queueIntegration/testSession",
      headers: tenant.adminHeaders,
      payload: { type: "typebot", urlN8N: typebot.url, typebotSlug: typebot.slug },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: "ERR_TEST_SESSION_TYPEBOT",
      message: "refused: the URL points to a private or local address",
    });
    expect(typebot.calls).toEqual([]);
  });

  it("saving an integration whose URL is on a local address is refused with the field's reason", async () => {
    const tenant = await newTenant(env);
    for (const urlN8N of [receiver.url, "http://localhost:5678/webhook/x", "http://[::ffff:169.254.169.254]/"]) {
      const response = await env.app.inject({
        method: "POST",
        url: "/queueIntegration",
        headers: tenant.adminHeaders,
        payload: { type: "n8n", name: "Fluxo n8n", urlN8N },
      });
      expect(response.statusCode, urlN8N).toBe(400);
      expect(response.json()).toMatchObject({
        error: "ERR_VALIDATION",
        fields: [{ path: "body.urlN8N", message: "privateAddress" }],
      });
    }
  });
});
