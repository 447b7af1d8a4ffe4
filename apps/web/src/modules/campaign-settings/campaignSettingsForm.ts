import { type CampaignSettings, CampaignVariable, uniqueVariables } from "@atendo/shared";

/** The add-variable form: the shared rules, and a shortcut not already in the list. */
export function variableForm(keys: readonly string[]) {
  return CampaignVariable.refine((variable) => !keys.includes(variable.key), {
    path: ["key"],
    message: "duplicateShortcut",
  });
}

/** The settings with one more variable; a shortcut already there is ignored (document 2 section 5). */
export function addVariable(settings: CampaignSettings, variable: CampaignVariable): CampaignSettings {
  return { ...settings, variables: uniqueVariables([...settings.variables, variable]) };
}

export function removeVariable(settings: CampaignSettings, key: string): CampaignSettings {
  return { ...settings, variables: settings.variables.filter((variable) => variable.key !== key) };
}

/** Whether a draft says what the saved settings say (variables in the same order). */
export function sameSettings(a: CampaignSettings, b: CampaignSettings): boolean {
  return (
    a.messageInterval === b.messageInterval &&
    a.longerIntervalAfter === b.longerIntervalAfter &&
    a.greaterInterval === b.greaterInterval &&
    a.variables.length === b.variables.length &&
    a.variables.every(
      (variable, index) => variable.key === b.variables[index]?.key && variable.value === b.variables[index]?.value,
    )
  );
}
