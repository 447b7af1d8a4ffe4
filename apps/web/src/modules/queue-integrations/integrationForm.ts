import {
  type IntegrationType,
  type QueueIntegration,
  QueueIntegrationBody,
  type QueueIntegrationTestBody,
  QueueIntegrationUpdateBody,
  TESTABLE_INTEGRATION_TYPES,
  type TestableIntegrationType,
  TYPEBOT_DEFAULTS,
} from "@atendo/shared";
import type { z } from "zod";

/**
 * The integration dialog's form: the shared body's rules as they are (the server holds the
 * same), with numbers and the flow typed as text by the form's inputs. Adding requires a
 * service account for Dialogflow; editing keeps the stored one when the field is left empty.
 */
export const integrationFormSchema = (editing: boolean) =>
  editing ? QueueIntegrationUpdateBody : QueueIntegrationBody;
export type IntegrationFormInput = z.input<typeof QueueIntegrationBody>;
export type IntegrationFormValues = z.output<typeof QueueIntegrationBody>;

export type IntegrationField = Exclude<keyof IntegrationFormInput, "type" | "name">;

/** The fields each type shows (document 2 section 4: "form fields depend on the type"). */
export const TYPE_FIELDS: Record<IntegrationType, readonly IntegrationField[]> = {
  dialogflow: ["projectName", "language", "jsonContent"],
  n8n: ["urlN8N"],
  webhook: ["urlN8N"],
  typebot: [
    "urlN8N",
    "typebotSlug",
    "typebotExpires",
    "typebotDelayMessage",
    "typebotKeywordFinish",
    "typebotKeywordRestart",
    "typebotUnknownMessage",
    "typebotRestartMessage",
  ],
  flowbuilder: ["flowId"],
};

export const isTestable = (type: IntegrationType): type is TestableIntegrationType =>
  (TESTABLE_INTEGRATION_TYPES as readonly IntegrationType[]).includes(type);

/** The form's first values: the stored integration's (its service account left empty: it is kept), or a new typebot's. */
export function formValues(initial: QueueIntegration | null): IntegrationFormInput {
  return {
    type: initial?.type ?? "typebot",
    name: initial?.name ?? "",
    projectName: initial?.type === "dialogflow" ? initial.projectName : "",
    jsonContent: "",
    language: (initial?.language ?? "") as IntegrationFormInput["language"],
    urlN8N: initial?.urlN8N ?? "",
    typebotSlug: initial?.typebotSlug ?? "",
    typebotExpires: String(initial?.typebotExpires ?? TYPEBOT_DEFAULTS.typebotExpires),
    typebotDelayMessage: String(initial?.typebotDelayMessage ?? TYPEBOT_DEFAULTS.typebotDelayMessage),
    typebotKeywordFinish: initial?.typebotKeywordFinish ?? "",
    typebotKeywordRestart: initial?.typebotKeywordRestart ?? "",
    typebotUnknownMessage: initial?.typebotUnknownMessage ?? "",
    typebotRestartMessage: initial?.typebotRestartMessage ?? "",
    flowId: initial?.flowId ? String(initial.flowId) : "",
  };
}

/**
 * What the test button sends for the form as it stands. An edited Dialogflow integration names
 * itself, so the server tests with its stored service account when the field is left empty.
 */
export function testBody(
  type: TestableIntegrationType,
  values: IntegrationFormInput,
  integrationId: number | undefined,
): QueueIntegrationTestBody {
  if (type === "typebot") {
    return {
      type,
      urlN8N: values.urlN8N ?? "",
      typebotSlug: values.typebotSlug ?? "",
      projectName: "",
      jsonContent: "",
      language: "",
    };
  }
  return {
    type,
    ...(integrationId === undefined ? {} : { id: integrationId }),
    projectName: values.projectName ?? "",
    jsonContent: values.jsonContent ?? "",
    language: values.language ?? "",
    urlN8N: "",
    typebotSlug: "",
  };
}
