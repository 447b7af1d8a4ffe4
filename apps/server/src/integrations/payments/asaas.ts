import { z } from "zod";
import {
  type PaymentCustomer,
  type PaymentProvider,
  PaymentProviderError,
  type PixChargeInput,
  type PixQrCode,
} from "./provider.js";

const REQUEST_TIMEOUT_MS = 15_000;

/** The parts of Asaas's answers we read (https://docs.asaas.com). */
const AsaasCustomer = z.object({ id: z.string() });
const AsaasCustomerList = z.object({ data: z.array(AsaasCustomer) });
const AsaasPayment = z.object({ id: z.string() });
const AsaasPixQrCode = z.object({ encodedImage: z.string(), payload: z.string() });
const AsaasErrors = z.object({ errors: z.array(z.object({ code: z.string().optional(), description: z.string() })) });

export interface AsaasOptions {
  /** e.g. https://api.asaas.com (production) or https://api-sandbox.asaas.com. */
  baseUrl: string;
  /** The account's API key, sent in the `access_token` header. */
  token: string;
}

/** Asaas over its REST API v3: customers, Pix charges and their QR codes. */
export function createAsaasProvider(options: AsaasOptions): PaymentProvider {
  const base = options.baseUrl.replace(/\/+$/, "");

  async function call<T>(method: "GET" | "POST", path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          access_token: options.token,
          accept: "application/json",
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          "user-agent": "Atendo",
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new PaymentProviderError(`Asaas ${method} ${path} unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!response.ok) {
      const errors = AsaasErrors.safeParse(json);
      const detail = errors.success
        ? errors.data.errors.map((error) => error.description).join("; ")
        : text.slice(0, 200);
      throw new PaymentProviderError(`Asaas ${method} ${path} answered ${response.status}: ${detail}`, response.status);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new PaymentProviderError(`Asaas ${method} ${path} answered an unexpected body`);
    return parsed.data;
  }

  return {
    async findOrCreateCustomer(customer: PaymentCustomer) {
      const query = new URLSearchParams({ externalReference: customer.externalReference });
      const found = await call("GET", `/v3/customers?${query}`, AsaasCustomerList);
      if (found.data[0]) return { id: found.data[0].id };
      return call("POST", "/v3/customers", AsaasCustomer, {
        name: customer.name,
        email: customer.email ?? undefined,
        cpfCnpj: customer.document ?? undefined,
        postalCode: customer.postalCode,
        address: customer.address,
        externalReference: customer.externalReference,
        notificationDisabled: true,
      });
    },

    async createPixCharge(charge: PixChargeInput) {
      return call("POST", "/v3/payments", AsaasPayment, {
        customer: charge.customerId,
        billingType: "PIX",
        value: charge.value,
        dueDate: charge.dueDate,
        description: charge.description,
        externalReference: charge.externalReference,
      });
    },

    async pixQrCode(chargeId: string): Promise<PixQrCode> {
      return call("GET", `/v3/payments/${encodeURIComponent(chargeId)}/pixQrCode`, AsaasPixQrCode);
    },
  };
}
