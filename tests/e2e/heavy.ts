/**
 * The heavy abuse proofs run at two sizes. `npm test` runs them at the smallest size that still
 * proves the bound (in a few seconds each); `npm run test:heavy` (HEAVY=full) runs them at full
 * size, as `npm run fuzz` does for the fuzz.
 */
const FULL = process.env.HEAVY === 'full';

export const HEAVY = {
  /** Distinct client addresses sent to a limiter, and the server's key cap (LIMITER_MAX_KEYS). */
  memoryKeys: FULL ? 100_000 : 10_000,
  limiterMaxKeys: FULL ? 10_000 : 500,
  /** A streamed body far past the 16 KB cap. */
  bodyBytes: (FULL ? 400 : 32) * 1024 * 1024,
  /** Random and mutated requests per API route (`npm run fuzz` sends 10,000). */
  fuzzPerRoute: FULL ? 1_000 : 30,
  /** Wrong passwords against one account (from a tenth as many addresses), and random e-mails from one client (test:heavy only, see abuse-login.spec.ts). */
  loginFlood: 2_000,
  /** The operator's sign-in (password, then code) during the flood, on a machine running nothing else. */
  signInDuringFloodMs: 2_000,
};
