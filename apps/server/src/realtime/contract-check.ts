import { realtimePayloadSchema } from "@atendo/shared";
import type { z } from "zod";

/** What broke the realtime contract in this process; the tests' setup drains it after each test. */
export const contractViolations: string[] = [];

/**
 * Parses a payload with its event's schema and, for a company's emit, checks the
 * name is that company's. Run in tests only (NODE_ENV=test), so every test that
 * makes the server emit also holds the contract against what the server sends.
 * Recorded rather than thrown: an emit's failure must not change what a test sees,
 * and several emits sit in try/catch blocks that would swallow it.
 */
export function checkEmit(event: string, payload: unknown, companyId?: number): void {
  if (companyId !== undefined && !event.startsWith(`company-${companyId}-`)) {
    contractViolations.push(`${event}: emitted to company ${companyId}`);
  }
  const schema = realtimePayloadSchema(event);
  if (!schema) {
    contractViolations.push(`${event}: not an event of the contract`);
    return;
  }
  const parsed = schema.safeParse(payload);
  if (!parsed.success) contractViolations.push(`${event}:\n  ${describe(parsed.error.issues).join("\n  ")}`);
}

/** One line per problem; a union's problems are listed per branch, which zod's own summary leaves out. */
function describe(issues: readonly z.core.$ZodIssue[], path: readonly PropertyKey[] = []): string[] {
  return issues.flatMap((issue) => {
    const at = [...path, ...issue.path];
    if (issue.code === "invalid_union" && issue.errors.length > 0) {
      return issue.errors.flatMap((branch, index) => describe(branch, at).map((line) => `(${index + 1}) ${line}`));
    }
    return [`${at.map(String).join(".") || "payload"}: ${issue.message}`];
  });
}
