/**
 * Limits failed logins per e-mail and per client. An attempt is counted before the password is
 * checked (so parallel guesses can't all slip under the limit) and forgiven when it succeeds,
 * so only failures use up the budget. Blocked attempts never reach the slow hash.
 */
export type LoginThrottle = {
  attempt(keys: { email: string; client: string }, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
  /** Gives an attempt back: it succeeded, or the server failed before it could judge it. */
  release(keys: { email: string; client: string }): void;
};

type Window = { count: number; resetAt: number };

export function createLoginThrottle({
  perEmail,
  perClient,
  windowMs,
}: {
  perEmail: number;
  perClient: number;
  windowMs: number;
}): LoginThrottle {
  const windows = new Map<string, Window>();
  let lastSweep = 0;

  function sweep(now: number) {
    if (now - lastSweep < windowMs) return;
    lastSweep = now;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  function current(key: string, now: number): Window {
    const existing = windows.get(key);
    if (existing && existing.resetAt > now) return existing;
    const fresh = { count: 0, resetAt: now + windowMs };
    windows.set(key, fresh);
    return fresh;
  }

  function release(key: string) {
    const window = windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  return {
    attempt({ email, client }, now = Date.now()) {
      sweep(now);
      const byEmail = current(`email:${email.trim().toLowerCase()}`, now);
      const byClient = current(`client:${client}`, now);
      const blocked = [byEmail.count >= perEmail ? byEmail : null, byClient.count >= perClient ? byClient : null].filter(
        (window): window is Window => window !== null,
      );
      if (blocked.length > 0) {
        const resetAt = Math.max(...blocked.map((window) => window.resetAt));
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
      }
      byEmail.count += 1;
      byClient.count += 1;
      return { ok: true };
    },
    release({ email, client }) {
      release(`email:${email.trim().toLowerCase()}`);
      release(`client:${client}`);
    },
  };
}
