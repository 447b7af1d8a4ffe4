import { CUSTOMER_SERVICE_WINDOW_MS } from "@atendo/shared";
import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { openStoredKey } from "../../secrets/stored-keys.js";
import {
  type ChannelProvider,
  mediaTypeOf,
  type OutboundMedia,
  type OutboundTemplate,
  type PhoneContact,
  type ProviderCallbacks,
  type ProviderConnection,
  type ProviderFactory,
  type SendOptions,
} from "../provider.js";
import { findCloudAccount, lastInboundAt, setStatusReason } from "./cloud.repository.js";
import { graphSettings } from "./cloud.webhook.js";
import { GraphClient, GraphError, isTokenRefused, refusalReason, toAppError } from "./graph-client.js";

type Deps = Pick<AppContext, "db" | "secrets" | "log"> & {
  config: Pick<AppContext["config"], "CLOUD_API_BASE_URL" | "CLOUD_API_VERSION" | "CLOUD_API_TIMEOUT_MS">;
};

interface Account {
  phoneNumberId: string;
  graph: GraphClient;
}

/**
 * The official WhatsApp Business Cloud API. Nothing to pair: the session "starts" when the Graph
 * API answers for the number with the stored token (CONNECTED), and stops being usable when Meta
 * refuses the token (DISCONNECTED with the reason). Inbound messages and statuses arrive by webhook
 * (cloud.webhook.ts), not through this object; it is the sending side.
 */
export class CloudProvider implements ChannelProvider {
  private account?: Account;

  constructor(
    private readonly deps: Deps,
    readonly connection: ProviderConnection,
    private readonly callbacks: ProviderCallbacks,
  ) {}

  async start(): Promise<void> {
    const row = await findCloudAccount(this.deps.db, this.connection.id);
    if (!row?.phoneNumberId || !row.accessToken) {
      await this.disconnect("phone number id and access token are required");
      return;
    }
    const graph = new GraphClient(graphSettings(this.deps.config), openStoredKey(this.deps.secrets, row.accessToken));
    await this.callbacks.onStatus("OPENING");
    try {
      const number = await graph.phoneNumber(row.phoneNumberId);
      this.account = { phoneNumberId: row.phoneNumberId, graph };
      await setStatusReason(this.deps.db, this.connection.id, null);
      const digits = number.display_phone_number?.replace(/\D/g, "");
      await this.callbacks.onStatus("CONNECTED", digits ? { number: digits } : undefined);
    } catch (error) {
      this.deps.log.warn(
        { whatsappId: this.connection.id, code: error instanceof GraphError ? error.code : undefined },
        "cloud api refused the connection",
      );
      await this.disconnect(refusalReason(error));
    }
  }

  async stop(): Promise<void> {
    this.account = undefined;
  }

  /** Nothing is paired: the credentials stay with the connection until an admin changes them. */
  async logout(): Promise<void> {
    this.account = undefined;
  }

  async sendText(to: string, body: string, options?: SendOptions): Promise<{ providerId: string }> {
    await this.requireWindow(to);
    return this.send(to, {
      type: "text",
      text: { preview_url: false, body },
      ...(options?.quotedProviderId ? { context: { message_id: options.quotedProviderId } } : {}),
    });
  }

  /** Uploaded first (POST /{phone-number-id}/media), then sent by its id. */
  async sendMedia(to: string, media: OutboundMedia): Promise<{ providerId: string }> {
    await this.requireWindow(to);
    const { graph, phoneNumberId } = this.requireAccount();
    const uploaded = await this.guard(() =>
      graph.uploadMedia(phoneNumberId, { data: media.data, mimeType: media.mimeType, fileName: media.fileName }),
    );
    const family = mediaTypeOf(media.mimeType);
    const type = family === "application" ? "document" : family;
    const object: Record<string, unknown> = { id: uploaded.id };
    // WhatsApp shows no caption under audio.
    if (media.caption && type !== "audio") object.caption = media.caption;
    if (type === "document") object.filename = media.fileName;
    return this.send(to, { type, [type]: object });
  }

  /** A template opens a conversation outside the 24-hour window: no window check here. */
  async sendTemplate(to: string, template: OutboundTemplate): Promise<{ providerId: string }> {
    return this.send(to, {
      type: "template",
      template: {
        name: template.name,
        language: { code: template.language },
        ...(template.variables.length
          ? {
              components: [{ type: "body", parameters: template.variables.map((text) => ({ type: "text", text })) }],
            }
          : {}),
      },
    });
  }

  /** The Cloud API cannot delete a message for the customer. */
  async deleteMessage(): Promise<void> {
    throw new AppError("ERR_DELETE_WAPP_MSG", { message: "the Cloud API cannot delete sent messages" });
  }

  /**
   * The Cloud API has no lookup of whether a number is on WhatsApp (the contacts endpoint is gone):
   * a well-formed number is taken, and a number that is not on WhatsApp fails its send (131026).
   */
  async checkNumber(number: string): Promise<boolean> {
    this.requireAccount();
    return /^\d{8,15}$/.test(number);
  }

  /** Calls do not reach the Cloud API's message webhooks: nothing rings here. */
  async rejectCall(): Promise<void> {}

  /** A business number has no phone address book. */
  async listContacts(): Promise<PhoneContact[]> {
    return [];
  }

  /** Free messages only within 24 hours of the customer's last one (Meta answers 131047 otherwise). */
  private async requireWindow(to: string): Promise<void> {
    const last = await lastInboundAt(this.deps.db, this.connection, { number: to });
    if (!last || Date.now() - last.getTime() >= CUSTOMER_SERVICE_WINDOW_MS) {
      throw new AppError("ERR_OUTSIDE_WINDOW", { message: "outside the 24-hour window: only a template may be sent" });
    }
  }

  private async send(to: string, message: Record<string, unknown>): Promise<{ providerId: string }> {
    const { graph, phoneNumberId } = this.requireAccount();
    const sent = await this.guard(() => graph.sendMessage(phoneNumberId, { to, ...message }));
    const id = sent.messages[0]?.id;
    if (!id) throw new AppError("ERR_SENDING_WAPP_MSG", { message: "Graph API answered no message id" });
    return { providerId: id };
  }

  /** Graph refusals to catalogue codes; a refused token also takes the connection down, with why. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (isTokenRefused(error)) await this.disconnect(refusalReason(error));
      throw toAppError(error);
    }
  }

  private requireAccount(): Account {
    if (!this.account) throw new AppError("ERR_WAPP_NOT_INITIALIZED");
    return this.account;
  }

  private async disconnect(reason: string): Promise<void> {
    this.account = undefined;
    await setStatusReason(this.deps.db, this.connection.id, reason.slice(0, 300));
    await this.callbacks.onStatus("DISCONNECTED");
  }
}

export function createCloudFactory(deps: Deps): ProviderFactory {
  return (connection, callbacks) => new CloudProvider(deps, connection, callbacks);
}
