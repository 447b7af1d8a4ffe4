import { describe, expect, it } from "vitest";
import { ResetPasswordBody, ResetPasswordForm } from "./auth.schemas.js";
import { SignupBody } from "./companies.schemas.js";
import { ERRORS, isErrorCode } from "./errors.js";
import { can, PERMISSIONS } from "./permissions.js";
import { PlanBody } from "./plans.schemas.js";
import { SETTING_DEFAULTS, SETTING_VALUE_SCHEMAS } from "./settings.js";

describe("the error catalogue", () => {
  it("gives every code a client or server error status", () => {
    for (const [code, status] of Object.entries(ERRORS)) {
      expect(code).toMatch(/^ERR_[A-Z_]+$/);
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(600);
    }
    expect(ERRORS.ERR_SESSION_EXPIRED).toBe(403);
  });

  it("knows its own codes only, not Object.prototype's names", () => {
    expect(isErrorCode("ERR_NOT_FOUND")).toBe(true);
    for (const name of ["toString", "constructor", "__proto__", "hasOwnProperty"])
      expect(isErrorCode(name)).toBe(false);
  });
});

describe("permissions", () => {
  it("grants the admin every static permission and the user none", () => {
    for (const permission of PERMISSIONS) {
      expect(can("admin", permission)).toBe(true);
      expect(can("user", permission)).toBe(false);
    }
    expect(can(undefined, "dashboard:view")).toBe(false);
  });
});

describe("schemas", () => {
  it("folds the plan form's short flag names into useX", () => {
    const body = PlanBody.parse({ name: "Pro", users: "5", kanban: false, useOpenAi: "false" });
    expect(body).toMatchObject({ name: "Pro", users: 5, useKanban: false, useOpenAi: false, useCampaigns: true });
  });

  it("keeps only the phone digits on sign-up and caps them at 11", () => {
    const base = { name: "Acme", email: "a@b.co", planId: 1, password: "12345" };
    expect(SignupBody.parse({ ...base, phone: "(11) 99999-8888" }).phone).toBe("11999998888");
    expect(SignupBody.safeParse({ ...base, phone: "(11) 99999-88889" }).success).toBe(false);
  });

  it("applies document 2's password rule to resets", () => {
    const base = { email: "a@b.co", token: "123456" };
    expect(ResetPasswordBody.safeParse({ ...base, password: "Abcdefg1" }).success).toBe(true);
    for (const password of ["Abcdef1", "abcdefg1", "ABCDEFG1", "Abcdefgh"]) {
      expect(ResetPasswordBody.safeParse({ ...base, password }).success).toBe(false);
    }
    const mismatch = ResetPasswordForm.safeParse({ ...base, password: "Abcdefg1", confirmPassword: "Abcdefg2" });
    expect(mismatch.success).toBe(false);
  });

  it("has a value rule and a valid default for every setting", () => {
    for (const [key, value] of Object.entries(SETTING_DEFAULTS)) {
      const schema = SETTING_VALUE_SCHEMAS[key as keyof typeof SETTING_DEFAULTS];
      expect(schema.safeParse(value).success).toBe(true);
    }
  });
});
