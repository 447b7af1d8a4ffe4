import { randomBytes } from "node:crypto";
import { jsonAnswer, startFakeServer } from "./fake-server.js";

/** A request the fake received, as the test wants to check it. */
export interface AsaasCall {
  method: string;
  path: string;
  token: string | undefined;
  body: Record<string, unknown> | undefined;
}

export interface FakeAsaas {
  url: string;
  calls: AsaasCall[];
  customers: Map<string, Record<string, unknown>>;
  payments: Map<string, Record<string, unknown>>;
  /** Makes the next calls answer like Asaas refusing a request. */
  failWith(status: number | null): void;
  /**
   * Holds the answers to the next `count` charge creations until all of them
   * have arrived, so concurrent checkouts each create their charge for certain.
   */
  holdCharges(count: number): void;
  /**
   * Marks a charge received and answers the body Asaas posts to the webhook
   * for it: the payment as filed, `externalReference` echoed (null when none).
   */
  paidWebhook(paymentId: string, event?: string): AsaasWebhookPayload;
  close(): Promise<void>;
}

/** The body of one of Asaas's payment webhooks (https://docs.asaas.com/docs/webhook-para-cobrancas). */
export interface AsaasWebhookPayload {
  id: string;
  event: string;
  dateCreated: string;
  payment: Record<string, unknown>;
}

/** A 1x1 PNG, as Asaas's encodedImage would carry a QR code. */
export const FAKE_QR_IMAGE =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=";

/**
 * A small HTTP server speaking the part of Asaas's REST API v3 the product uses:
 * customers (list by externalReference, create), Pix payments and their QR code,
 * and the body of the webhook it posts when a payment is received.
 * It answers 401 without an access_token, like Asaas does.
 */
export async function startFakeAsaas(expectedToken: string): Promise<FakeAsaas> {
  const calls: AsaasCall[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const payments = new Map<string, Record<string, unknown>>();
  let failure: number | null = null;
  let held: { count: number; release: (() => void)[] } | null = null;

  /** Resolves once the held batch of charge creations is complete (at once when none is held). */
  function awaitHeldBatch(): Promise<void> {
    const batch = held;
    if (!batch) return Promise.resolve();
    return new Promise<void>((resolve) => {
      batch.release.push(resolve);
      if (batch.release.length < batch.count) return;
      held = null;
      for (const release of batch.release) release();
    });
  }

  const server = await startFakeServer(async (request) => {
    const { method, path, query, search } = request;
    const token = request.headers.access_token as string | undefined;
    const body = request.json();
    calls.push({ method, path: path + search, token, body });
    const send = jsonAnswer;
    if (token !== expectedToken)
      return send(401, {
        errors: [{ code: "invalid_access_token", description: "A chave de API fornecida é inválida" }],
      });
    if (failure !== null) return send(failure, { errors: [{ code: "invalid_action", description: "Falha simulada" }] });

    if (method === "GET" && path === "/v3/customers") {
      const reference = query.get("externalReference");
      const data = [...customers.values()].filter((customer) => customer.externalReference === reference);
      return send(200, { object: "list", hasMore: false, totalCount: data.length, limit: 10, offset: 0, data });
    }
    if (method === "POST" && path === "/v3/customers") {
      const customer = { object: "customer", id: `cus_${randomBytes(6).toString("hex")}`, ...body };
      customers.set(customer.id, customer);
      return send(200, customer);
    }
    if (method === "POST" && path === "/v3/payments") {
      if (!body?.customer || !customers.has(String(body.customer))) {
        return send(400, { errors: [{ code: "invalid_customer", description: "Cliente inválido" }] });
      }
      await awaitHeldBatch();
      // Asaas answers every field of the payment, externalReference null when none was given.
      const payment = {
        object: "payment",
        id: `pay_${randomBytes(6).toString("hex")}`,
        dateCreated: new Date().toISOString().slice(0, 10),
        status: "PENDING",
        externalReference: null,
        ...body,
      };
      payments.set(payment.id, payment);
      return send(200, payment);
    }
    const qr = /^\/v3\/payments\/([^/]+)\/pixQrCode$/.exec(path);
    if (method === "GET" && qr) {
      if (!payments.has(qr[1]!))
        return send(404, { errors: [{ code: "not_found", description: "Cobrança não encontrada" }] });
      return send(200, {
        encodedImage: FAKE_QR_IMAGE,
        payload: `00020126580014br.gov.bcb.pix0136${qr[1]}5204000053039865802BR6304ABCD`,
        expirationDate: "2099-12-31 23:59:59",
      });
    }
    return send(404, { errors: [{ code: "not_found", description: "Rota não encontrada" }] });
  });
  return {
    url: server.url,
    calls,
    customers,
    payments,
    failWith: (status) => {
      failure = status;
    },
    holdCharges: (count) => {
      held = { count, release: [] };
    },
    paidWebhook: (paymentId, event = "PAYMENT_RECEIVED") => {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`fake Asaas has no payment ${paymentId}`);
      const today = new Date().toISOString().slice(0, 10);
      Object.assign(payment, { status: "RECEIVED", paymentDate: today, clientPaymentDate: today });
      return {
        id: `evt_${randomBytes(6).toString("hex")}`,
        event,
        dateCreated: new Date().toISOString().replace("T", " ").slice(0, 19),
        payment: { ...payment },
      };
    },
    close: server.close,
  };
}
