// E-mail addresses as settings and forms give them: parsed by lib/config.ts (NOTIFY_EMAIL_TO,
// NOTIFY_EMAIL_FROM) and by the mail senders, so it sits below both and imports nothing of ours.
import { z } from 'zod';

// The browser's rule: it accepts `ops@localhost`, handy on a development machine.
const emailSchema = z.email({ pattern: z.regexes.html5Email });

export type Address = { name?: string; address: string };

export function isEmailAddress(value: string): boolean {
  return emailSchema.safeParse(value).success;
}

/** `ops@example.com` or `Name <ops@example.com>`; null when malformed. */
export function parseAddress(value: string): Address | null {
  const trimmed = value.trim();
  const match = /^(.*?)\s*<([^<>]+)>$/.exec(trimmed);
  const name = match?.[1]?.trim().replace(/^"(.*)"$/, '$1');
  const address = (match?.[2] ?? trimmed).trim();
  if (!isEmailAddress(address) || (name && /[\r\n<>"]/.test(name))) return null;
  return name ? { name, address } : { address };
}

/** Comma-separated addresses; null when empty or when one is malformed. */
export function parseAddressList(value: string): string[] | null {
  const parts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return parts.length > 0 && parts.every((part) => parseAddress(part)) ? parts : null;
}
