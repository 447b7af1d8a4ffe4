import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.js";

type Field = { path: string; message: string };

/** Enough to tell a client what to fix; a body of a million bad strings should not answer a million lines. */
const MAX_FIELDS = 10;

/** With the u flag a paired surrogate reads as one code point, so only a lone half is a Cs. */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Why PostgreSQL could not store this text as given: its text types refuse NUL
 * (error 22021), and a lone UTF-16 surrogate has no UTF-8 form (node-postgres
 * would silently write U+FFFD in its place).
 */
function textProblem(text: string): string | undefined {
  if (text.includes("\0")) return "nulCharacter";
  if (LONE_SURROGATE.test(text)) return "loneSurrogate";
  return undefined;
}

/** Every string of a parsed input and every object key, depth first, without recursion: JSON may nest deeper than the stack. */
function findProblems(value: unknown, root: string): Field[] {
  const fields: Field[] = [];
  const pending: [unknown, string][] = [[value, root]];
  while (pending.length > 0 && fields.length < MAX_FIELDS) {
    const [item, path] = pending.pop() as [unknown, string];
    if (typeof item === "string") {
      const message = textProblem(item);
      if (message) fields.push({ path, message });
    } else if (item !== null && typeof item === "object") {
      for (const [key, child] of Object.entries(item)) {
        const keyProblem = textProblem(key);
        // The key cannot be echoed as it is (it is the problem); JSON escapes NUL and lone surrogates.
        if (keyProblem) fields.push({ path: `${path}.${JSON.stringify(key)}`, message: keyProblem });
        else pending.push([child, `${path}.${key}`]);
      }
    }
  }
  return fields;
}

/** Refuses text no column can hold, naming where it was (`body.note`, `querystring.searchParam`). */
export function assertStorableText(value: unknown, path: string): void {
  const fields = findProblems(value, path);
  if (fields.length > 0) throw new AppError("ERR_VALIDATION", { fields });
}

/**
 * One check for every route's path, query and JSON body, before their schemas
 * run: no schema has to remember it. Multipart fields are read by their
 * routes and go through assertStorableText there.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    assertStorableText(request.params, "params");
    assertStorableText(request.query, "querystring");
    assertStorableText(request.body, "body");
  });
}
