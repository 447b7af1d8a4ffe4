import { describe, expect, it } from "vitest";
import {
  CampaignForm,
  type CampaignFormValues,
  formValues,
  messageVariables,
  requestBody,
  scheduleBody,
  toLocalInput,
} from "./campaignForm";

const blank = formValues(null);
const issues = (values: CampaignFormValues) =>
  CampaignForm.safeParse(values).error?.issues.map((issue) => `${issue.path.join(".")}:${issue.message}`) ?? [];

describe("campaign form", () => {
  it("requires a name of 2 to 50 characters", () => {
    expect(issues({ ...blank, name: "" })).toEqual(["name:required"]);
    expect(issues({ ...blank, name: "A" })).toEqual(["name:tooShort"]);
    expect(issues({ ...blank, name: "x".repeat(51) })).toEqual(["name:tooLong"]);
    expect(issues({ ...blank, name: "Black Friday" })).toEqual([]);
  });

  it("needs a connection, an audience and a message or media only to schedule", () => {
    const scheduled = { ...blank, name: "Promo", scheduledAt: "2030-01-02T10:30" };
    expect(issues(scheduled)).toEqual([
      "whatsappId:requiredToStart",
      "contactListId:requiredToStart",
      "message1:messageOrMedia",
    ]);
    expect(issues({ ...scheduled, audience: "tag" })).toContain("tagListId:requiredToStart");
    const ready = { ...scheduled, whatsappId: "1", contactListId: "4" };
    expect(issues({ ...ready, message3: "Oi {{firstName}}" })).toEqual([]);
    expect(issues({ ...ready, file: new File(["x"], "promo.png") })).toEqual([]);
    expect(issues({ ...ready, mediaName: "promo.png" })).toEqual([]);
  });

  it("sends the chosen audience only, ids as numbers, and the start apart", () => {
    const values: CampaignFormValues = {
      ...blank,
      name: "Promo",
      message1: "Oi",
      whatsappId: "1",
      audience: "tag",
      contactListId: "4",
      tagListId: "7",
      fileListId: "",
      scheduledAt: "2030-01-02T10:30",
    };
    expect(requestBody(values)).toEqual({
      name: "Promo",
      message1: "Oi",
      message2: "",
      message3: "",
      message4: "",
      message5: "",
      whatsappId: 1,
      contactListId: null,
      tagListId: 7,
      fileListId: null,
    });
    expect(scheduleBody(values)).toEqual({ scheduledAt: new Date(2030, 0, 2, 10, 30).toISOString() });
    expect(scheduleBody({ ...values, scheduledAt: "" })).toEqual({ scheduledAt: null });
  });

  it("shows a stored start in local time and round-trips it", () => {
    const iso = new Date(2030, 5, 7, 8, 5).toISOString();
    expect(toLocalInput(iso)).toBe("2030-06-07T08:05");
    expect(scheduleBody({ ...blank, scheduledAt: toLocalInput(iso) }).scheduledAt).toBe(iso);
    expect(toLocalInput(null)).toBe("");
  });

  it("offers the recipient's names, then the settings' variables", () => {
    expect(messageVariables([{ key: "loja", value: "Centro" }])).toEqual(["{{firstName}}", "{{name}}", "{loja}"]);
  });
});
