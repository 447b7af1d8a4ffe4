import { DEFAULT_CAMPAIGN_SETTINGS } from "@atendo/shared";
import { describe, expect, it } from "vitest";
import { addVariable, removeVariable, sameSettings, variableForm } from "./campaignSettingsForm";

const loja = { key: "loja", value: "Loja Centro" };

describe("campaign settings form", () => {
  it("adds a variable once: a repeated shortcut is ignored", () => {
    const one = addVariable(DEFAULT_CAMPAIGN_SETTINGS, loja);
    expect(one.variables).toEqual([loja]);
    expect(addVariable(one, { key: "loja", value: "outra" }).variables).toEqual([loja]);
    expect(removeVariable(one, "loja").variables).toEqual([]);
    expect(DEFAULT_CAMPAIGN_SETTINGS.variables).toEqual([]);
  });

  it("refuses a taken, empty or unusable shortcut and an empty content", () => {
    const issues = (value: { key: string; value: string }) =>
      variableForm(["loja"])
        .safeParse(value)
        .error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues({ key: "loja", value: "x" })).toEqual([["key", "duplicateShortcut"]]);
    expect(issues({ key: " ", value: " " })).toEqual([
      ["key", "required"],
      ["value", "required"],
    ]);
    expect(issues({ key: "a b", value: "x" })).toEqual([["key", "invalidShortcut"]]);
    expect(issues({ key: "endereço_1", value: "Rua A" })).toBeUndefined();
  });

  it("tells a changed draft from the saved settings", () => {
    const saved = addVariable(DEFAULT_CAMPAIGN_SETTINGS, loja);
    expect(sameSettings(saved, { ...saved, variables: [{ ...loja }] })).toBe(true);
    expect(sameSettings(saved, { ...saved, messageInterval: 5 })).toBe(false);
    expect(sameSettings(saved, { ...saved, variables: [{ ...loja, value: "x" }] })).toBe(false);
    expect(sameSettings(saved, DEFAULT_CAMPAIGN_SETTINGS)).toBe(false);
  });
});
