import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.js";

describe("configuration", () => {
  it("refuses to start in production without the JWT secrets", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production", JWT_SECRET: "a".repeat(32) })).toThrow(/JWT_REFRESH_SECRET/);
    const config = loadConfig({
      NODE_ENV: "production",
      JWT_SECRET: "a".repeat(32),
      JWT_REFRESH_SECRET: "b".repeat(32),
    });
    expect(config.jwtSecret).toBe("a".repeat(32));
  });

  it("never seeds the demo nor runs the simulator in production by default", () => {
    const secrets = { JWT_SECRET: "a".repeat(32), JWT_REFRESH_SECRET: "b".repeat(32) };
    const production = loadConfig({ NODE_ENV: "production", SEED: "on", ...secrets });
    expect(production.seed).toBe(false);
    expect(production.simulator).toBe(false);
    const development = loadConfig({});
    expect(development).toMatchObject({ seed: true, simulator: true, PORT: 8080, DATA_DIR: "./data" });
    expect(loadConfig({ SEED: "off" }).seed).toBe(false);
  });

  it("rejects a malformed value with a readable message", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/PORT/);
  });
});
