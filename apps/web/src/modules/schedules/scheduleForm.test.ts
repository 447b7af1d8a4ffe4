import { UPLOAD_LIMITS_BYTES } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { defaultSendAt, scheduleFormSchema, scheduleMediaProblem, toLocalInput, toScheduleBody } from "./scheduleForm";

const NOW = new Date(2026, 4, 4, 9, 30, 45);
const now = () => NOW.getTime();
const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => `${issue.path.join(".")}:${issue.message}`);

describe("the schedule form", () => {
  it("starts a new schedule one hour from now, to the minute, in local time", () => {
    expect(defaultSendAt(NOW)).toBe("2026-05-04T10:30");
    expect(toLocalInput(new Date(2026, 0, 2, 3, 4))).toBe("2026-01-02T03:04");
  });

  it("takes the shared body rule: required, at least 5 characters once trimmed", () => {
    const schema = scheduleFormSchema(null, now);
    const values = { contactId: 3, sendAt: "2026-05-04T10:30" };
    expect(issues(schema.safeParse({ ...values, body: "" }))).toEqual(["body:required"]);
    expect(issues(schema.safeParse({ ...values, body: "  Oi   " }))).toEqual(["body:tooShort"]);
    expect(schema.parse({ ...values, body: "  Olá, tudo bem?  " }).body).toBe("Olá, tudo bem?");
  });

  it("requires a contact and a valid send time", () => {
    const schema = scheduleFormSchema(null, now);
    expect(issues(schema.safeParse({ body: "Olá, tudo bem?", sendAt: "" }))).toEqual([
      "contactId:required",
      "sendAt:required",
    ]);
    expect(issues(schema.safeParse({ body: "Olá, tudo bem?", contactId: 3, sendAt: "amanhã" }))).toEqual([
      "sendAt:invalidDate",
    ]);
  });

  it("refuses a time the user picks in the past, but keeps a failed schedule's own past time", () => {
    const body = { body: "Olá, tudo bem?", contactId: 3 };
    expect(issues(scheduleFormSchema(null, now).safeParse({ ...body, sendAt: "2026-05-04T09:00" }))).toEqual([
      "sendAt:pastDate",
    ]);
    // Within the minute it took to fill the form.
    expect(scheduleFormSchema(null, now).safeParse({ ...body, sendAt: "2026-05-04T09:30" }).success).toBe(true);
    const kept = "2026-05-01T08:00";
    expect(scheduleFormSchema(kept, now).safeParse({ ...body, sendAt: kept }).success).toBe(true);
    expect(issues(scheduleFormSchema(kept, now).safeParse({ ...body, sendAt: "2026-05-02T08:00" }))).toEqual([
      "sendAt:pastDate",
    ]);
  });

  it("sends the local time as an instant", () => {
    expect(toScheduleBody({ body: "Olá, tudo bem?", contactId: 3, sendAt: "2026-05-04T10:30" })).toEqual({
      body: "Olá, tudo bem?",
      contactId: 3,
      sendAt: new Date(2026, 4, 4, 10, 30).toISOString(),
    });
  });
});

describe("scheduleMediaProblem", () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });

  it("takes png, jpg and jpeg images up to 2 MB", () => {
    expect(scheduleMediaProblem(file("a.png", "image/png"))).toBeNull();
    expect(scheduleMediaProblem(file("a.JPG", "image/jpeg"))).toBeNull();
    expect(scheduleMediaProblem(file("a.jpeg", ""))).toBeNull();
    expect(scheduleMediaProblem(file("a.png", "image/png", UPLOAD_LIMITS_BYTES.image + 1))).toBe("size");
  });

  it("refuses other types, whatever the name or the declared type says", () => {
    expect(scheduleMediaProblem(file("a.gif", "image/gif"))).toBe("type");
    expect(scheduleMediaProblem(file("a.png", "image/svg+xml"))).toBe("type");
    expect(scheduleMediaProblem(file("a.pdf", "image/png"))).toBe("type");
    expect(scheduleMediaProblem(file("png", "image/png"))).toBe("type");
  });
});
