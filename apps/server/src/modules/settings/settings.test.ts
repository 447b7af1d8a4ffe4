import { companyEvent, SETTING_DEFAULTS, SETTING_KEYS } from "@atendo/shared";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newTenant } from "../../../test/factories.js";
import { createTestEnv, type TestEnv } from "../../../test/harness.js";

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

  it("accepts free text where the key allows it (payment token)", async () => {
    const { adminHeaders } = await newTenant(env);
    const response = await env.app.inject({
      method: "PUT",
      url: "/settings/asaas",
      headers: adminHeaders,
      payload: { value: "$aact_token" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ key: "asaas", value: "$aact_token" });
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
