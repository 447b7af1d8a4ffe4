import type { Secrets } from "./secrets.js";

/** A value in the sealed form ("v1.<iv>.<tag>.<ciphertext>", secrets.ts). */
export function isSealed(value: string): boolean {
  return /^v1\.[\w-]+\.[\w-]+\.[\w-]*$/.test(value);
}

/**
 * The plain key of a stored one. Keys are stored sealed; a plain one is a value written before
 * keys were sealed (a flow saved earlier), taken as it is until its next save seals it. Throws
 * when a sealed key cannot be opened (sealed under another server key, or altered).
 */
export function openStoredKey(secrets: Pick<Secrets, "open">, stored: string): string {
  return isSealed(stored) ? secrets.open(stored) : stored;
}
