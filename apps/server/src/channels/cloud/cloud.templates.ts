import { type CloudTemplate, templateVariableCount } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { openStoredKey } from "../../secrets/stored-keys.js";
import { findCloudAccount } from "./cloud.repository.js";
import { graphSettings } from "./cloud.webhook.js";
import { GraphClient, type GraphTemplate, toAppError } from "./graph-client.js";

type Deps = Pick<AppContext, "db" | "secrets"> & {
  config: Pick<AppContext["config"], "CLOUD_API_BASE_URL" | "CLOUD_API_VERSION" | "CLOUD_API_TIMEOUT_MS">;
};

function toCloudTemplate(template: GraphTemplate): CloudTemplate {
  const body = template.components?.find((component) => component.type.toUpperCase() === "BODY")?.text ?? "";
  return {
    name: template.name,
    language: template.language,
    category: template.category ?? "",
    body,
    variables: templateVariableCount(body),
  };
}

/**
 * The approved templates of a Cloud API connection's business account, read from Meta each time
 * (GET /{waba-id}/message_templates): an approval or a pause there shows at once here.
 */
export async function approvedTemplates(deps: Deps, whatsappId: number): Promise<CloudTemplate[]> {
  const row = await findCloudAccount(deps.db, whatsappId);
  if (row?.provider !== "cloud") return [];
  if (!row.businessAccountId || !row.accessToken) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
  const graph = new GraphClient(graphSettings(deps.config), openStoredKey(deps.secrets, row.accessToken));
  try {
    return (await graph.approvedTemplates(row.businessAccountId)).map(toCloudTemplate);
  } catch (error) {
    throw toAppError(error);
  }
}
