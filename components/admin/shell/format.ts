import { AGENCY_TIME_ZONE, mauritianDate } from '@/lib/time/mauritius';

/**
 * Every public id starts with "session_", so its first 8 characters would be the same for all
 * sessions: the console shows the first 8 characters of the random suffix instead
 * (`session_<timestamp>_<random>`), or of what follows the prefix for ids of another shape.
 */
export function shortSessionId(id: string): string {
  const suffix = id.slice(id.lastIndexOf('_') + 1);
  return (suffix.length >= 8 ? suffix : id.replace(/^session_/, '')).slice(0, 8);
}

// Mauritius time, the agency's, on the server's first paint and in the browser alike.
const TIME_ZONE = { timeZone: AGENCY_TIME_ZONE } as const;
const TIME = new Intl.DateTimeFormat('fr-FR', { hour: '2-digit', minute: '2-digit', ...TIME_ZONE });
const DAY = new Intl.DateTimeFormat('fr-FR', { day: '2-digit', month: '2-digit', ...TIME_ZONE });
const FULL = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeStyle: 'short', ...TIME_ZONE });

/** "14:05" today, "12/03 14:05" on another day. */
export function formatMessageTime(iso: string, now: Date = new Date()): string {
  const date = new Date(iso);
  const sameDay = mauritianDate(date) === mauritianDate(now);
  return sameDay ? TIME.format(date) : `${DAY.format(date)} ${TIME.format(date)}`;
}

export function formatFullDate(iso: string): string {
  return FULL.format(new Date(iso));
}

const DATE_TIME = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', ...TIME_ZONE });

/** "12/03/2026 14:05": a lead's date in the list. */
export function formatDateTime(iso: string): string {
  return DATE_TIME.format(new Date(iso));
}

/** A dialable tel: link from a phone number typed by a visitor ("+230 5 123-4567" → "tel:+23051234567"). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^0-9+]/g, '');
  return `tel:${digits.slice(0, 1)}${digits.slice(1).replace(/\+/g, '')}`;
}

const RELATIVE = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'auto' });
const RELATIVE_STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Infinity],
];

/** "il y a 3 minutes", "hier": how long ago, in the largest whole unit ("maintenant" for a time the clock has not reached). */
export function formatRelativeTime(iso: string, now: Date = new Date()): string {
  let value = Math.min(0, Math.round((new Date(iso).getTime() - now.getTime()) / 1000));
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(value) < size) return RELATIVE.format(value, unit);
    value = Math.trunc(value / size);
  }
  return RELATIVE.format(value, 'day');
}
