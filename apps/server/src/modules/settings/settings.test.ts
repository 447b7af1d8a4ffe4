import { companyEvent, SETTING_DEFAULTS, SETTING_KEYS } from "@atendo/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";
import { createSecrets } from "../../secrets/secrets.js";
import { isSealed } from "../../secrets/stored-keys.js";
import { openPaymentToken } from "./payment-token.js";
import { getSetting, upsertSetting } from "./settings.repository.js";

let env: TestEnv;
beforeAll(async () => {
  env = await createTestEnv();
});
afterAll(async () => env.close());

describe("GET /settings", () => {
  it("answers every catalogue key with its default to an admin", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({ method: "GET", url: "/settings", headers: adminHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SETTING_KEYS.map((key) => ({ key, value: SETTING_DEFAULTS[key] })));
  });

  it("refuses attendants with ERR_NO_PERMISSION and anonymous callers with 401", async () => {
    const { agentHeaders } = await newTenant(env);
    const response = await env.app.inject({ method: "GET", url: "/settings", headers: agentHeaders });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
    expect((await env.app.inject({ method: "GET", url: "/settings" })).statusCode).toBe(401);
  });
});

describe("PUT /settings/{key}", () => {
  it("stores the value for the caller's company only, answers it and emits the settings event", async () => {
    const a = await newTenant(env);
    const b = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await env.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: a.adminHeaders,
      payload: { key: "userRating", value: "enabled" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "userRating", value: "enabled" });
    expect(emit).toHaveBeenCalledWith(a.company.id, companyEvent.settings(a.company.id), {
      action: "update",
      setting: { key: "userRating", value: "enabled" },
    });
    emit.mockRestore();

    const listA = (await env.app.inject({ method: "GET", url: "/settings", headers: a.adminHeaders })).json();
    expect(listA).toContainEqual({ key: "userRating", value: "enabled" });
    const listB = (await env.app.inject({ method: "GET", url: "/settings", headers: b.adminHeaders })).json();
    expect(listB).toContainEqual({ key: "userRating", value: "disabled" });

    // A second write updates the same row.
    const again = await env.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: a.adminHeaders,
      payload: { value: "disabled" },
    });
    expect(again.json()).toEqual({ key: "userRating", value: "disabled" });
  });

  it("answers ERR_NO_SETTING_FOUND for an unknown key", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: "/settings/notAKey",
      headers: adminHeaders,
      payload: { value: "enabled" },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: "ERR_NO_SETTING_FOUND" });
  });

  it("refuses a value the key does not allow with ERR_VALIDATION, and a missing value", async () => {
    const { adminHeaders } = await newTenant(env);
    const bad = await env.app.inject({
      method: "PUT",
      url: "/settings/chatBotType",
      headers: adminHeaders,
      payload: { value: "carrier-pigeon" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("ERR_VALIDATION");
    expect(bad.json().fields).toEqual([expect.objectContaining({ path: "body.value" })]);
    const list = (await env.app.inject({ method: "GET", url: "/settings", headers: adminHeaders })).json();
    expect(list).toContainEqual({ key: "chatBotType", value: "text" });

    const missing = await env.app.inject({
      method: "PUT",
      url: "/settings/chatBotType",
      headers: adminHeaders,
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual([expect.objectContaining({ path: "body.value" })]);
  });

  it("refuses attendants with ERR_NO_PERMISSION", async () => {
    const { agentHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: "/settings/userRating",
      headers: agentHeaders,
      payload: { value: "enabled" },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "ERR_NO_PERMISSION" });
  });
});

describe("drawerStartsOpen (the side menu's start, document 1)", () => {
  it("defaults to open, takes enabled or disabled from an admin, and reaches every profile's session", async () => {
    const { adminHeaders, agentHeaders } = await newTenant(env);
    const sessionSetting = async () => {
      const me = await env.app.inject({ method: "GET", url: "/auth/me", headers: agentHeaders });
      expect(me.statusCode).toBe(200);
      return me.json().company.settings.find((setting: { key: string }) => setting.key === "drawerStartsOpen");
    };
    expect(await sessionSetting()).toEqual({ key: "drawerStartsOpen", value: "enabled" });

    const closed = await env.app.inject({
      method: "PUT",
      url: "/settings/drawerStartsOpen",
      headers: adminHeaders,
      payload: { value: "disabled" },
    });
    expect(closed.statusCode).toBe(200);
    expect(await sessionSetting()).toEqual({ key: "drawerStartsOpen", value: "disabled" });

    const sideways = await env.app.inject({
      method: "PUT",
      url: "/settings/drawerStartsOpen",
      headers: adminHeaders,
      payload: { value: "sideways" },
    });
    expect(sideways.statusCode).toBe(400);
    expect(sideways.json().error).toBe("ERR_VALIDATION");
    expect(await sessionSetting()).toEqual({ key: "drawerStartsOpen", value: "disabled" });
  });
});

describe("the payment token (setting asaas)", () => {
  const TOKEN = "$aact_YTU5YTE0M2M2N2I4MTliNzk0YTI5N2U5MzdjNWZmNDQ6OjAwMDAwMDAwMDAwMDAwMDAwMDA6OiRhYWNoXzRlNTQ";
  const MASK = `••••${TOKEN.slice(-4)}`;
  const stored = async (companyId: number) => getSetting(env.db, companyId, "asaas");
  const put = (headers: Record<string, string>, value: string) =>
    env.app.inject({ method: "PUT", url: "/settings/asaas", headers, payload: { key: "asaas", value } });
  const listed = async (headers: Record<string, string>) =>
    (await env.app.inject({ method: "GET", url: "/settings", headers }))
      .json()
      .find((setting: { key: string }) => setting.key === "asaas");

  it("is stored sealed, answered and announced as its mask, and opened only for the provider", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const emit = vi.spyOn(env.ctx.realtime, "toCompany");
    const response = await put(adminHeaders, TOKEN);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "asaas", value: MASK });
    expect(emit).toHaveBeenCalledWith(company.id, companyEvent.settings(company.id), {
      action: "update",
      setting: { key: "asaas", value: MASK },
    });
    emit.mockRestore();
    const row = await stored(company.id);
    expect(row).not.toContain(TOKEN.slice(6));
    expect(env.ctx.secrets.open(row)).toBe(TOKEN);
    expect(await listed(adminHeaders)).toEqual({ key: "asaas", value: MASK });
    expect(await openPaymentToken(env.ctx, company.id)).toBe(TOKEN);
  });

  it("keeps the token when its mask is sent back, replaces it with a new one, and an empty value removes it", async () => {
    const { company, adminHeaders } = await newTenant(env);
    await put(adminHeaders, TOKEN);
    const sealed = await stored(company.id);
    const same = await put(adminHeaders, MASK);
    expect(same.json()).toEqual({ key: "asaas", value: MASK });
    expect(await stored(company.id)).toBe(sealed);

    const replaced = await put(adminHeaders, "$aact_another_token_9876");
    expect(replaced.json()).toEqual({ key: "asaas", value: "••••9876" });
    expect(await openPaymentToken(env.ctx, company.id)).toBe("$aact_another_token_9876");

    const removed = await put(adminHeaders, "");
    expect(removed.json()).toEqual({ key: "asaas", value: "" });
    expect(await stored(company.id)).toBe("");
    expect(await openPaymentToken(env.ctx, company.id)).toBe("");
  });

  it("a token sealed under another server key shows as none and is not sent anywhere", async () => {
    const { company, adminHeaders } = await newTenant(env);
    const foreign = createSecrets(Buffer.alloc(32, 7)).seal(TOKEN);
    await upsertSetting(env.db, company.id, "asaas", foreign);
    expect(await listed(adminHeaders)).toEqual({ key: "asaas", value: "" });
    expect(await openPaymentToken(env.ctx, company.id)).toBe("");
  });

  it("a token stored in plain text before tokens were sealed is sealed at the next start", async () => {
    const { company, adminHeaders } = await newTenant(env);
    await upsertSetting(env.db, company.id, "asaas", TOKEN);
    await env.restartApp();
    const row = await stored(company.id);
    expect(isSealed(row)).toBe(true);
    expect(env.ctx.secrets.open(row)).toBe(TOKEN);
    expect(await listed(adminHeaders)).toEqual({ key: "asaas", value: MASK });
    // Already sealed: a second start leaves it as it is.
    await env.restartApp();
    expect(await stored(company.id)).toBe(row);
  });
});
