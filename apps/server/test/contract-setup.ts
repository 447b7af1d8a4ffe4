import { afterAll, afterEach } from "vitest";
import { contractViolations } from "../src/realtime/contract-check.js";

/** Fails the test whose emits broke the realtime contract (the gateway checks them under NODE_ENV=test). */
function assertContractKept() {
  const found = contractViolations.splice(0);
  if (found.length > 0) throw new Error(`realtime payloads off the contract:\n${found.join("\n")}`);
}

afterEach(assertContractKept);
// Emits that land after the file's last test (jobs, presence) are checked too.
afterAll(assertContractKept);
