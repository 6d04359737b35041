/** Devices one operator may subscribe; the next is refused (409) until one is removed. */
export const MAX_SUBSCRIPTIONS_PER_OPERATOR = 10;
/** Claims of (event, device) are kept this long, then purged with the other expired data. */
export const PUSH_DELIVERY_RETENTION_DAYS = 7;
/** One push request's whole time, connection included. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a notification for a device that is off: later it is stale. */
export const PUSH_TTL_SECONDS = 6 * 60 * 60;
/** Attempts per push (the first and the retries after a 429 or a 5xx). */
export const PUSH_MAX_ATTEMPTS = 4;
/** Back-off before the n-th retry: 1 s, 2 s, 4 s…, unless the service's Retry-After asks for more. */
export const PUSH_RETRY_BASE_MS = 1_000;
/** A Retry-After longer than this gives the push up (logged): it would be stale by then. */
export const PUSH_MAX_RETRY_AFTER_MS = 5 * 60_000;
/** Pushes waiting or in flight per process; past it new ones are dropped (logged), never queued without bound. */
export const PUSH_QUEUE_LIMIT = 1_000;
/** Pushes sent at the same time by one process. */
export const PUSH_CONCURRENCY = 8;
/** A visitor's unread messages older than this (beyond the delay) are not pushed any more: after a restart or a first subscription. */
export const UNREAD_LOOKBACK_MS = 60 * 60_000;
/** Follow-ups that came due longer ago than this are not pushed (a first start, a long outage). */
export const FOLLOW_UP_LOOKBACK_MS = 24 * 60 * 60_000;
