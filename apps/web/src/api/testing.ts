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
