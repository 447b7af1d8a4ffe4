import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "@playwright/test";

const port = Number(process.env.E2E_PORT ?? 18080);
export const baseURL = `http://127.0.0.1:${port}`;
/** The captured mail of the test SMTP server (see global-setup.ts). */
export const smtpPort = port + 1;
export const mailDir = join(tmpdir(), `atendo-e2e-mail-${port}`);
/** The fake Asaas that tests/billing.spec.ts starts, and the webhook token both sides share. */
export const asaasPort = port + 2;
export const asaasWebhookToken = "e2e-asaas-webhook-token-0123456789";
/** The fake Graph API (WhatsApp Cloud API) that tests/cloud-api.spec.ts starts. */
export const cloudApiPort = port + 3;
/** The fake Dialogflow (Google's token endpoint and detectIntent) that tests/queue-integrations.spec.ts starts. */
export const dialogflowPort = port + 4;
/** The fake OpenAI (chat completions) that tests/prompts-ai.spec.ts starts. */
export const openAiPort = port + 5;

const database: Record<string, string> = process.env.E2E_DATABASE_URL
  ? { DATABASE_URL: process.env.E2E_DATABASE_URL }
  : { DATA_DIR: process.env.E2E_DATA_DIR ?? join(tmpdir(), `atendo-e2e-data-${port}`) };

export default defineConfig({
  testDir: "tests",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"], ["json"]],
  globalSetup: "./global-setup.ts",
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `node ${process.env.E2E_SERVER_MAIN ?? "../apps/server/dist/main.js"}`,
    url: `${baseURL}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      ...database,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      SEED: "on",
      LOG_LEVEL: "warn",
      // Every spec logs the demo users in, one after another from one address; the limits themselves
      // are tested by the server suite (auth.test.ts).
      LOGIN_RATE_LIMIT: "1000",
      LOGIN_IP_RATE_LIMIT: "10000",
      SMTP_HOST: "127.0.0.1",
      SMTP_PORT: String(smtpPort),
      ASAAS_BASE_URL: `http://127.0.0.1:${asaasPort}`,
      ASAAS_WEBHOOK_TOKEN: asaasWebhookToken,
      DIALOGFLOW_BASE_URL: `http://127.0.0.1:${dialogflowPort}`,
      DIALOGFLOW_TOKEN_URL: `http://127.0.0.1:${dialogflowPort}/token`,
      OPENAI_BASE_URL: `http://127.0.0.1:${openAiPort}/v1`,
      CLOUD_API_BASE_URL: `http://127.0.0.1:${cloudApiPort}`,
      WEB_DIST: process.env.E2E_WEB_DIST ?? join(import.meta.dirname, "../apps/web/dist"),
    },
  },
});
