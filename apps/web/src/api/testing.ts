import { SESSION_HINT_COOKIE } from "@atendo/shared";
import { type Mock, vi } from "vitest";
import { api } from "./client";

/** What a call sent, whatever its route. */
export interface SentOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
}
type LooseCall = (path: string, options?: SentOptions) => Promise<unknown>;

/**
 * The client's methods as a test that mocks "../api/client" drives them:
 * typed loosely, so one fake answers any route by its path and the test reads
 * what was sent. The typed signatures are the app code's business.
 */
export function mockedApi(): Record<keyof typeof api, Mock<LooseCall>> {
  return vi.mocked(api) as unknown as Record<keyof typeof api, Mock<LooseCall>>;
}

/** The browser state a login leaves: the server's session hint cookie (the refresh cookie is httpOnly). */
export function setSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test DOM has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=1; path=/`;
}

/** A browser that never signed in (or signed out): no session hint cookie. */
export function clearSessionHint(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the test DOM has no Cookie Store API
  document.cookie = `${SESSION_HINT_COOKIE}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
