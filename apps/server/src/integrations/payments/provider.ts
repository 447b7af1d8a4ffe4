/** The payer, as the provider files them: one customer per company. */
export interface PaymentCustomer {
  /** Our stable reference, so the same company is found again instead of filed twice. */
  externalReference: string;
  name: string;
  email: string | null;
  /** CPF or CNPJ, when the company has one on record. */
  document: string | null;
  postalCode: string;
  address: string;
}

export interface PixChargeInput {
  customerId: string;
  /** Reais, two decimals. */
  value: number;
  /** The charge's due day, YYYY-MM-DD. */
  dueDate: string;
  description: string;
  externalReference: string;
}

export interface PixQrCode {
  /** The QR code image, PNG in base64 (no data-URL prefix). */
  encodedImage: string;
  /** The Pix copy-paste code. */
  payload: string;
}

/** A payment provider able to charge by Pix; the Asaas implementation is the one in use. */
export interface PaymentProvider {
  findOrCreateCustomer(customer: PaymentCustomer): Promise<{ id: string }>;
  createPixCharge(charge: PixChargeInput): Promise<{ id: string }>;
  pixQrCode(chargeId: string): Promise<PixQrCode>;
}

/** Anything the provider refused or could not be reached for; the message is for the log, not the user. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "PaymentProviderError";
  }
}
