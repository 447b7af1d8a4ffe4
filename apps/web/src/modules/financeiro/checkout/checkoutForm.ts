import {
  CHECKOUT_COUNTRIES,
  type CheckoutCountry,
  DEFAULT_CHECKOUT_PRICE,
  type SubscriptionBody,
  type SubscriptionInput,
} from "@atendo/shared";

/** What the wizard's form holds: the subscription payload as typed in. */
export type CheckoutFormInput = SubscriptionInput & { country: CheckoutCountry };

export const CHECKOUT_STEPS = ["data", "customize", "review"] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

/** The fields each step checks before moving on (the Data step is document 1 section 5's step 1). */
export const STEP_FIELDS: Record<CheckoutStep, (keyof SubscriptionBody)[]> = {
  data: ["firstName", "lastName", "cpfCnpj", "address2", "city", "state", "zipcode", "country"],
  customize: ["plan", "price"],
  review: [],
};

export function emptyCheckout(invoiceId: number, planId: number | undefined): CheckoutFormInput {
  return {
    firstName: "",
    lastName: "",
    cpfCnpj: "",
    address2: "",
    city: "",
    state: "",
    zipcode: "",
    country: CHECKOUT_COUNTRIES[0],
    useAddressForPaymentDetails: false,
    plan: planId ?? 0,
    price: DEFAULT_CHECKOUT_PRICE,
    users: 0,
    connections: 0,
    invoiceId,
  };
}

/** Translation key of a field's error message (the shared schema's messages are keys). */
export function checkoutErrorKey(field: string, message: string | undefined): string {
  if (field === "zipcode" && message === "invalid") return "checkout.errors.zipcode";
  if (message === "tooLong" || message === "invalid") return `checkout.errors.${message}`;
  return "checkout.errors.required";
}
