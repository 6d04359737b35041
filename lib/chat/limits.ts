import { createRateLimiter } from '@/lib/api/rate-limit';

export const sessionCreationLimiter = createRateLimiter({ name: 'chat-sessions', limit: 10, windowMs: 60_000 });
export const messagesPerSessionLimiter = createRateLimiter({ name: 'chat-messages-session', limit: 20, windowMs: 60_000 });
export const messagesPerClientLimiter = createRateLimiter({ name: 'chat-messages-client', limit: 60, windowMs: 60_000 });
/** History reads (a page each): the widget reads once per page load, so these only stop scraping loops. */
export const readsPerSessionLimiter = createRateLimiter({ name: 'chat-reads-session', limit: 60, windowMs: 60_000 });
export const readsPerClientLimiter = createRateLimiter({ name: 'chat-reads-client', limit: 240, windowMs: 60_000 });

/** Visitor messages one conversation holds; beyond it a POST answers 409 `conversation_full`. */
export const MAX_VISITOR_MESSAGES = 500;
/** Typing signals: the widget and the console send one per 3 s at most; this bounds the rest. */
export const typingPerSessionLimiter = createRateLimiter({ name: 'chat-typing', limit: 30, windowMs: 60_000, maxKeys: 10_000 });
/** Pages of the visitor's trail: a person opens a few a minute; this stops a script filling the trail. */
export const trailPerSessionLimiter = createRateLimiter({ name: 'chat-trail', limit: 30, windowMs: 60_000, maxKeys: 10_000 });
/** The address for e-mailed replies: set, changed or removed a few times per conversation and hour. */
export const emailChangeLimiter = createRateLimiter({ name: 'chat-email-change', limit: 5, windowMs: 60 * 60_000, maxKeys: 10_000 });
/** Opening a reply mail's link: a person clicks a few; this stops token guessing loops. */
export const resumeLimiter = createRateLimiter({ name: 'chat-resume', limit: 10, windowMs: 10 * 60_000, maxKeys: 10_000 });
