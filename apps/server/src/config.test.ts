import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("refuses to start in production without JWT_SECRET, the one secret it signs with", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/JWT_SECRET/);
    // Refresh tokens are random and stored hashed: no second secret is asked for.
    const config = loadConfig({ NODE_ENV: "production", JWT_SECRET: "a".repeat(32) });
    expect(config.jwtSecret).toBe("a".repeat(32));
  });

  it("never seeds the demo nor runs the simulator in production by default", () => {
    const secrets = { JWT_SECRET: "a".repeat(32) };
    const production = loadConfig({ NODE_ENV: "production", SEED: "on", ...secrets });
    expect(production.seed).toBe(false);
    expect(production.simulator).toBe(false);
    const development = loadConfig({});
    expect(development).toMatchObject({ seed: true, simulator: true, PORT: 8080, DATA_DIR: "./data" });
    expect(loadConfig({ SEED: "off" }).seed).toBe(false);
  });

  it("denies private remote targets in production unless told otherwise, and allows them elsewhere", () => {
    const secrets = { JWT_SECRET: "a".repeat(32) };
    expect(loadConfig({ NODE_ENV: "production", ...secrets }).REMOTE_PRIVATE_TARGETS).toBe("deny");
    expect(
      loadConfig({ NODE_ENV: "production", REMOTE_PRIVATE_TARGETS: "allow", ...secrets }).REMOTE_PRIVATE_TARGETS,
    ).toBe("allow");
    expect(loadConfig({ NODE_ENV: "test" }).REMOTE_PRIVATE_TARGETS).toBe("allow");
    expect(() => loadConfig({ REMOTE_PRIVATE_TARGETS: "maybe" })).toThrow(/REMOTE_PRIVATE_TARGETS/);
  });

  it("rejects a malformed value with a readable message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
  });
});
