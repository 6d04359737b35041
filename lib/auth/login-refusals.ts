// The login counters this process has seen full, until their window ends: what lets the login gate
// (login-gate.ts) answer the next attempt on one of them before Next's request chain, at a fraction
// of its cost. Written by the login guard when the throttle refuses (login-guard.ts), read by the
// gate; the two run in different module copies (the route's bundle, instrumentation.ts's graph), so
// the map lives on globalThis. It holds counter keys (an e-mail, a client address), bounded.

const KEY = Symbol.for('maurice-expat.login-refusals');
/** Past this many full counters the oldest go first: a refusal forgotten only costs the slower path. */
export const MAX_REFUSALS = 10_000;

type Refusals = Map<string, number>;

function refusals(): Refusals {
  const holder = globalThis as { [KEY]?: Refusals };
  return (holder[KEY] ??= new Map());
}

/** Remembers that `key`'s counter refuses every attempt until `until` (ms). */
export function rememberRefusal(key: string, until: number, now = Date.now()): void {
  const map = refusals();
  map.delete(key);
  map.set(key, until);
  if (map.size <= MAX_REFUSALS) return;
  for (const [stored, end] of map) if (end <= now) map.delete(stored);
  // Still full: the oldest first (a Map iterates in insertion order).
  for (const stored of map.keys()) {
    if (map.size <= MAX_REFUSALS) break;
    map.delete(stored);
  }
}

/** Seconds until all of `keys` known full open again (an attempt is refused while any is), or 0 when none is. */
export function refusedFor(keys: readonly string[], now = Date.now()): number {
  const map = refusals();
  let until = 0;
  for (const key of keys) {
    const end = map.get(key);
    if (end === undefined) continue;
    if (end <= now) map.delete(key);
    else until = Math.max(until, end);
  }
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/** For tests. */
export function forgetRefusals(): void {
  refusals().clear();
}
