import { createRateLimiter } from '@/lib/api/rate-limit';

export const sessionCreationLimiter = createRateLimiter({ limit: 10, windowMs: 60_000 });
export const messagesPerSessionLimiter = createRateLimiter({ limit: 20, windowMs: 60_000 });
export const messagesPerClientLimiter = createRateLimiter({ limit: 60, windowMs: 60_000 });
/** Typing signals: the widget and the console send one per 3 s at most; this bounds the rest. */
export const typingPerSessionLimiter = createRateLimiter({ limit: 30, windowMs: 60_000, maxKeys: 10_000 });
