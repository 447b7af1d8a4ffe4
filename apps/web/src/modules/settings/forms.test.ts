import { DEFAULT_WEEK_SCHEDULE } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { CompanyForm, EMPTY_COMPANY_FORM, formToBody, toDateInput } from "./companyForm";
import { planBody } from "./PlansTab";
import { maskTime, weekRows } from "./SchedulesTab";

describe("company form", () => {
  const valid = { ...EMPTY_COMPANY_FORM, name: "Loja", email: " Dono@Loja.com ", planId: "3" };

  it("sends an empty due date as null and the password only on create", () => {
    const parsed = CompanyForm.parse({ ...valid, password: "12345" });
    expect(formToBody(parsed, false)).toMatchObject({
      name: "Loja",
      email: "dono@loja.com",
      planId: 3,
      status: true,
      campaignsEnabled: true,
      dueDate: null,
      recurrence: "MENSAL",
      password: "12345",
    });
    expect(formToBody(parsed, true)).not.toHaveProperty("password");
  });

  it("keeps a chosen due date and leaves an empty password out", () => {
    const parsed = CompanyForm.parse({ ...valid, dueDate: "2030-05-01", status: "false" });
    const body = formToBody(parsed, false);
    expect(body.dueDate).toBe("2030-05-01");
    expect(body.status).toBe(false);
    expect(body).not.toHaveProperty("password");
  });

  it("requires the email and the plan", () => {
    const result = CompanyForm.safeParse({ ...EMPTY_COMPANY_FORM, name: "Loja" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path[0], issue.message]));
    expect(messages).toMatchObject({ email: "required", planId: "planRequired" });
  });

  it("formats dates for the date input", () => {
    expect(toDateInput("2030-05-01")).toBe("2030-05-01");
    expect(toDateInput(new Date(2030, 4, 1, 15).toISOString())).toBe("2030-05-01");
    expect(toDateInput(null)).toBe("");
  });
});

describe("plan body", () => {
  it("sends each flag under its short and its useX name", () => {
    const body = planBody({
      name: "Pro",
      users: 5,
      connections: 2,
      queues: 3,
      value: 99.9,
      campaigns: true,
      schedules: false,
      internalChat: true,
      externalApi: false,
      kanban: true,
      openAi: false,
      integrations: true,
    });
    expect(body).toMatchObject({ campaigns: true, useCampaigns: true, schedules: false, useSchedules: false });
    expect(body).toMatchObject({ openAi: false, useOpenAi: false, integrations: true, useIntegrations: true });
  });
});

describe("working hours", () => {
  it("masks typed times as ##:##", () => {
    expect(maskTime("0830")).toBe("08:30");
    expect(maskTime("8")).toBe("8");
    expect(maskTime("12:3x4")).toBe("12:34");
  });

  it("always gives 7 rows, Monday to Sunday, preferring the company's entries", () => {
    expect(weekRows([])).toEqual(DEFAULT_WEEK_SCHEDULE.map((day) => ({ ...day })));
    const rows = weekRows([{ weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" }]);
    expect(rows).toHaveLength(7);
    expect(rows[0]?.weekdayEn).toBe("monday");
    expect(rows[6]).toEqual({ weekday: "Domingo", weekdayEn: "sunday", startTime: "", endTime: "" });
  });
});
