import { z } from "zod";
import { Id, INT4_MAX } from "./common.schemas.js";
import { CHECKOUT_COUNTRIES } from "./constants.js";

export type CheckoutCountry = (typeof CHECKOUT_COUNTRIES)[number];

/** Postal code formats of the countries the checkout offers: CEP 00000-000, ZIP 00000 or 00000-0000. */
export const ZIP_CODE_PATTERNS: Record<CheckoutCountry, RegExp> = {
  Brasil: /^\d{5}-?\d{3}$/,
  "United States": /^\d{5}(-\d{4})?$/,
};

const required = (max: number) => z.string().trim().min(1, "required").max(max, "tooLong");

/** Form fields left empty arrive as "" and count as not given. */
const optionalText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? undefined : value), schema.optional());

/** The Luhn check digit every payment card number carries. */
export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** MM/YY, still valid this month or later. */
export function isCardExpiryValid(expiry: string, now: Date = new Date()): boolean {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}

const cardNumber = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, ""))
  .refine((value) => /^\d{13,19}$/.test(value) && isLuhnValid(value), "invalid");

/**
 * The checkout step 1 (document 1 section 5): name, address, city, state, zip
 * code and country required, the zip code in the chosen country's format. The
 * payment is Pix, so card fields are optional; when given they are checked.
 */
export const SubscriptionBody = z
  .object({
    firstName: required(100),
    lastName: optionalText(z.string().trim().max(100, "tooLong")),
    /**
     * Not in the spec's payload: Asaas bills a Brazilian payer by CPF (11 digits)
     * or CNPJ (14); the company's document on record is used when left empty.
     */
    cpfCnpj: optionalText(
      z
        .string()
        .transform((value) => value.replace(/\D/g, ""))
        .refine((value) => value.length === 11 || value.length === 14, "invalid"),
    ),
    address2: required(200),
    city: required(100),
    state: required(50),
    zipcode: required(10),
    country: z.enum(CHECKOUT_COUNTRIES, "required"),
    useAddressForPaymentDetails: z.boolean().optional(),
    nameOnCard: optionalText(z.string().trim().max(100, "tooLong")),
    cardNumber: optionalText(cardNumber),
    expiry: optionalText(
      z
        .string()
        .trim()
        .refine((value) => isCardExpiryValid(value), "invalid"),
    ),
    cvv: optionalText(
      z
        .string()
        .trim()
        .regex(/^\d{3,4}$/, "invalid"),
    ),
    /** The plan id chosen in the Customize step. */
    plan: z.coerce.number().int().positive("required").max(INT4_MAX),
    /** What the client showed; the server charges the chosen plan's value from its own records. */
    price: z.coerce.number().nonnegative(),
    users: z.coerce.number().int().nonnegative().optional(),
    connections: z.coerce.number().int().nonnegative().optional(),
    invoiceId: Id,
  })
  .refine((body) => ZIP_CODE_PATTERNS[body.country].test(body.zipcode), {
    path: ["zipcode"],
    message: "invalid",
    // Checked as soon as zip code and country are themselves valid, whatever the other steps hold.
    when: ({ value }) => {
      const { zipcode, country } = (value ?? {}) as { zipcode?: unknown; country?: unknown };
      return typeof zipcode === "string" && (CHECKOUT_COUNTRIES as readonly unknown[]).includes(country);
    },
  });
export type SubscriptionInput = z.input<typeof SubscriptionBody>;
export type SubscriptionBody = z.output<typeof SubscriptionBody>;

/**
 * POST /subscription's answer, in the Pix shape the spec names (qrcode.qrcode,
 * valor.original): the copy-paste code, the QR image as a data URL, the amount.
 */
export const SubscriptionAnswer = z.object({
  invoiceId: z.number(),
  paymentId: z.string(),
  valor: z.object({ original: z.string() }),
  qrcode: z.object({ qrcode: z.string(), imagemQrcode: z.string() }),
});
export type SubscriptionAnswer = z.infer<typeof SubscriptionAnswer>;
