export const NOTIFY_THROTTLE_MS = 2 * 60_000;
export const WEBHOOK_TIMEOUT_MS = 5_000;
export const SMTP_TIMEOUT_MS = 10_000;
export const DEFAULT_SENDER_NAME = 'Maurice Expat';
export const SUBJECT_PREVIEW_LENGTH = 60;
