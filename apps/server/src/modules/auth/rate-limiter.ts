import { AppError } from "../../http/errors.js";

/**
 * A fixed-window counter per key, kept in memory. With several processes each
 * keeps its own window, which still bounds guessing to (processes x limit).
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
    /**
     * Gives back the slot of a hit that turned out harmless. Counting first and
     * refunding after lets concurrent attempts be counted before any is checked.
     */
    refund(key: string): void {
      const current = windows.get(key);
      if (current && current.count > 0) current.count -= 1;
    },
  };
  function prune(now: number) {
    for (const [key, value] of windows) if (value.resetAt <= now) windows.delete(key);
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Login (and password reset) limits: one window per IP, a tighter one per account. */
export function createLoginLimiters(config: {
  LOGIN_RATE_LIMIT: number;
  LOGIN_IP_RATE_LIMIT: number;
  LOGIN_RATE_WINDOW_SECONDS: number;
}) {
  return {
    perIp: createRateLimiter(config.LOGIN_IP_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
    perAccount: createRateLimiter(config.LOGIN_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
  };
}

/**
 * The session routes' limits. Every full page load refreshes the session, so
 * refresh has its own, far higher limits: a person reloading pages must never
 * meet them (they only stop floods), and they must not use up the login's.
 */
export function createSessionLimiters(
  config: Parameters<typeof createLoginLimiters>[0] & { REFRESH_RATE_LIMIT: number; REFRESH_IP_RATE_LIMIT: number },
) {
  return {
    login: createLoginLimiters(config),
    refresh: {
      perIp: createRateLimiter(config.REFRESH_IP_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
      perAccount: createRateLimiter(config.REFRESH_RATE_LIMIT, config.LOGIN_RATE_WINDOW_SECONDS),
    },
  };
}
export type SessionLimiters = ReturnType<typeof createSessionLimiters>;
