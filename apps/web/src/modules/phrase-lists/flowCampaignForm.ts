import { type FlowCampaign, type FlowCampaignBody, FlowCampaignUpdateBody } from "@atendo/shared";
import { z } from "zod";

/** A select's value: the chosen id as text, "" while nothing is chosen. */
const choice = z.string().regex(/^\d+$/, "required");

/**
 * The dialog's form (document 2 section 5): name, flow, phrase and connection
 * required, by the shared rules; the selects hold their id as text.
 */
export const FlowCampaignForm = z.object({
  name: FlowCampaignUpdateBody.shape.name,
  flowId: choice,
  whatsappId: choice,
  phrase: FlowCampaignUpdateBody.shape.phrase,
  status: z.boolean(),
});
export type FlowCampaignFormValues = z.infer<typeof FlowCampaignForm>;

export function formValues(initial: FlowCampaign | null): FlowCampaignFormValues {
  return {
    name: initial?.name ?? "",
    flowId: initial ? String(initial.flowId) : "",
    whatsappId: initial ? String(initial.whatsappId) : "",
    phrase: initial?.phrase ?? "",
    status: initial?.status ?? true,
  };
}

/** What POST /flowcampaign takes; PUT adds the campaign's id. A new campaign starts active. */
export function requestBody(values: FlowCampaignFormValues): FlowCampaignBody {
  return {
    name: values.name,
    flowId: Number(values.flowId),
    whatsappId: Number(values.whatsappId),
    phrase: values.phrase,
    status: values.status,
  };
}
