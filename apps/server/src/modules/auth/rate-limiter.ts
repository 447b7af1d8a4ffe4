import { AppError } from "../../http/errors.js";

/**
 * A fixed-window counter per key, kept in memory. Login and refresh are
 * limited per IP and per email; with several processes each keeps its own
 * window, which still bounds guessing to (processes x limit).
 */
export function createRateLimiter(limit: number, windowSeconds: number) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  return {
    hit(key: string): void {
      const now = Date.now();
      const current = windows.get(key);
      if (!current || current.resetAt <= now) {
        windows.set(key, { count: 1, resetAt: now + windowSeconds * 1000 });
        if (windows.size > 50_000) prune(now);
        return;
      }
      current.count += 1;
      if (current.count > limit) {
        throw new AppError("ERR_TOO_MANY_REQUESTS", {
          data: { retryAfterSeconds: Math.ceil((current.resetAt - now) / 1000) },
        });
      }
    },
  };
  function prune(now: number) {
    for (const [key, value] of windows) if (value.resetAt <= now) windows.delete(key);
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The session routes' limits: one window per IP, a tighter one per account. */
export function createSessionLimiters(config: {
  LOGIN_RATE_LIMIT: number;
  LOGIN_IP_RATE_LIMIT: number;
  LOGIN_RATE_WINDOW_SECONDS: number;
}) {
  return {
    perIp: createRateLimiter(config.LOGIN_IP_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
    perAccount: createRateLimiter(config.LOGIN_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
  };
}
export type SessionLimiters = ReturnType<typeof createSessionLimiters>;
