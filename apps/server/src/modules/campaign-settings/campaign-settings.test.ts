import { CAMPAIGN_SETTINGS_DEFAULTS, companyEvent } from "@atendo/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { campaignSettings } from "../../db/schema/index.js";
import { readCampaignSettings } from "./campaign-settings.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

const DEFAULT_RECORDS = [
  { key: "messageInterval", value: "20" },
  { key: "longerIntervalAfter", value: "20" },
  { key: "greaterInterval", value: "60" },
  { key: "variables", value: "[]" },
];

describe("GET /campaign-settings", () => {
  it("answers every key with the spec's defaults, values as JSON text, before anything is saved", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const response = await env.app.inject({ url: "/campaign-settings/", headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(DEFAULT_RECORDS);
    expect(await readCampaignSettings(env.db, company.id)).toEqual({ ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] });
  });

  it("is for admins", async () => {
    const { agentHeaders } = await newTenant(env);
    for (const method of ["GET", "POST"] as const) {
      const response = await env.app.inject({
        method,
        url: "/campaign-settings",
        headers: agentHeaders,
        ...(method === "POST" ? { payload: { settings: { messageInterval: 5 } } } : {}),
      });
      expect(response.statusCode, method).toBe(403);
    }
    expect((await env.app.inject({ url: "/campaign-settings" })).statusCode).toBe(401);
  });
});

describe("POST /campaign-settings", () => {
  it("saves the keys sent, keeps the others, drops repeated shortcuts, emits and reads back typed", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const other = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const saved = await env.app.inject({
      method: "POST",
      url: "/campaign-settings",
      headers: adminHeaders,
      payload: {
        settings: {
          messageInterval: 5,
          greaterInterval: 120,
          variables: [
            { key: "loja", value: "Loja Centro" },
            { key: "site", value: "https://exemplo.com.br" },
            { key: "loja", value: "ignored" },
          ],
        },
        companyId: other.company.id,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const variables = [
      { key: "loja", value: "Loja Centro" },
      { key: "site", value: "https://exemplo.com.br" },
    ];
    expect(saved.json()).toEqual([
      { key: "messageInterval", value: "5" },
      { key: "longerIntervalAfter", value: "20" },
      { key: "greaterInterval", value: "120" },
      { key: "variables", value: JSON.stringify(variables) },
    ]);
    const settings = { messageInterval: 5, longerIntervalAfter: 20, greaterInterval: 120, variables };
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.campaignSettings(company.id), {
      action: "update",
      settings,
    });
    expect(await readCampaignSettings(env.db, company.id)).toEqual(settings);

    // The settings page saves one key at a time.
    const one = await env.app.inject({
      method: "POST",
      url: "/campaign-settings",
      headers: adminHeaders,
      payload: { settings: { longerIntervalAfter: 0 } },
    });
    expect(one.json()[1]).toEqual({ key: "longerIntervalAfter", value: "0" });
    expect(await readCampaignSettings(env.db, company.id)).toEqual({ ...settings, longerIntervalAfter: 0 });
    const read = await env.app.inject({ url: "/campaign-settings", headers: adminHeaders });
    expect(read.json()).toEqual(one.json());

    // The other company was not touched.
    expect(await readCampaignSettings(env.db, other.company.id)).toEqual({
      ...CAMPAIGN_SETTINGS_DEFAULTS,
      variables: [],
    });
  });

  it("takes only the offered options and well-formed variables", async () => {
    const { company, adminHeaders } = await newTenant(env);
    for (const [settings, path, message] of [
      [{ messageInterval: 7 }, "body.settings.messageInterval", "invalidOption"],
      [{ messageInterval: 30 }, "body.settings.messageInterval", "invalidOption"],
      [{ longerIntervalAfter: 2 }, "body.settings.longerIntervalAfter", "invalidOption"],
      [{ greaterInterval: -1 }, "body.settings.greaterInterval", "invalidOption"],
      [{ greaterInterval: "60" }, "body.settings.greaterInterval", "invalidOption"],
      [{ variables: [{ key: "", value: "x" }] }, "body.settings.variables.0.key", "required"],
      [{ variables: [{ key: "a b", value: "x" }] }, "body.settings.variables.0.key", "invalidShortcut"],
      [{ variables: [{ key: "{a}", value: "x" }] }, "body.settings.variables.0.key", "invalidShortcut"],
      [{ variables: [{ key: "a", value: " " }] }, "body.settings.variables.0.value", "required"],
    ] as const) {
      const response = await env.app.inject({
        method: "POST",
        url: "/campaign-settings",
        headers: adminHeaders,
        payload: { settings },
      });
      expect(response.statusCode, JSON.stringify(settings)).toBe(400);
      expect(response.json().fields).toContainEqual({ path, message });
    }
    const noSettings = await env.app.inject({
      method: "POST",
      url: "/campaign-settings",
      headers: adminHeaders,
      payload: {},
    });
    expect(noSettings.statusCode).toBe(400);
    expect(await readCampaignSettings(env.db, company.id)).toEqual({ ...CAMPAIGN_SETTINGS_DEFAULTS, variables: [] });
  });

  it("reads a stored value it cannot use as its default", async () => {
    const { company } = await newTenant(env);
    await env.db.insert(campaignSettings).values([
      { companyId: company.id, key: "messageInterval", value: "not json" },
      { companyId: company.id, key: "greaterInterval", value: "45" },
      { companyId: company.id, key: "longerIntervalAfter", value: "10" },
      { companyId: company.id, key: "somethingElse", value: "1" },
    ]);
    expect(await readCampaignSettings(env.db, company.id)).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 10,
      greaterInterval: 60,
      variables: [],
    });
    const rows = await env.db.select().from(campaignSettings).where(eq(campaignSettings.companyId, company.id));
    expect(rows).toHaveLength(4);
  });
});
