import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecrets, maskSecret, secretsKey } from "./secrets.js";

describe("secrets", () => {
  const secrets = createSecrets(randomBytes(32));

  it("opens what it sealed, and seals the same value differently each time", () => {
    const first = secrets.seal("sk-test-0123456789abcdef");
    const second = secrets.seal("sk-test-0123456789abcdef");
    expect(first).not.toBe(second);
    expect(first).not.toContain("sk-test");
    expect(secrets.open(first)).toBe("sk-test-0123456789abcdef");
    expect(secrets.open(secrets.seal(""))).toBe("");
  });

  it("refuses a value altered, sealed under another key, or not sealed at all", () => {
    const sealed = secrets.seal("segredo");
    const [version, iv, tag, body] = sealed.split(".");
    const flipped = Buffer.from(body!, "base64url");
    flipped[0] = flipped[0]! ^ 1;
    expect(() => secrets.open([version, iv, tag, flipped.toString("base64url")].join("."))).toThrow();
    expect(() => createSecrets(randomBytes(32)).open(sealed)).toThrow();
    expect(() => secrets.open("sk-plain-key")).toThrow("not a sealed secret");
  });

  it("takes SECRETS_KEY when given, else derives a stable key from the token secret", () => {
    const given = randomBytes(32);
    expect(secretsKey({ SECRETS_KEY: given.toString("base64"), jwtSecret: "x".repeat(32) })).toEqual(given);
    const derived = secretsKey({ jwtSecret: "a-token-secret-of-some-length" });
    expect(derived).toHaveLength(32);
    expect(secretsKey({ jwtSecret: "a-token-secret-of-some-length" })).toEqual(derived);
    expect(secretsKey({ jwtSecret: "another-token-secret-entirely" })).not.toEqual(derived);
    expect(() => createSecrets(Buffer.alloc(16))).toThrow();
  });

  it("masks a key to its last four characters", () => {
    expect(maskSecret("sk-test-0123456789abcdef")).toBe("••••cdef");
    expect(maskSecret("short")).toBe("••••");
    expect(maskSecret("")).toBe("");
  });
});
