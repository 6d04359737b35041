import { createRateLimiter } from '@/lib/api/rate-limit';

/** "Send me a new link" per client address: the answer is the same for every address, so a limit on the asker is what stops a flood. */
export const askLinkLimiter = createRateLimiter({ name: 'dossier-link-ask', limit: 5, windowMs: 15 * 60_000, maxKeys: 10_000 });
/** Links pressed per client address (a token cannot be guessed: this only keeps the database out of a loop). */
export const openLinkLimiter = createRateLimiter({ name: 'dossier-link-open', limit: 20, windowMs: 10 * 60_000, maxKeys: 10_000 });
