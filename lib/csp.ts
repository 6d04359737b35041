// The Content-Security-Policy, written once for next.config.ts (the public pages, static) and
// proxy.ts (the console, a nonce per request). Relative imports only: next.config.ts loads this
// before the "@/" alias exists.
import { config } from './config';

const isDev = process.env.NODE_ENV === 'development';
const bookingOrigin = config.bookingUrl ? new URL(config.bookingUrl).origin : '';

/** Where scripts may come from: `'unsafe-inline'` for prerendered pages, or one request's nonce. */
export type ScriptSource = { kind: 'inline' } | { kind: 'nonce'; nonce: string };

export function contentSecurityPolicy(scripts: ScriptSource): string {
  const eval_ = isDev ? " 'unsafe-eval'" : '';
  // 'strict-dynamic': what a nonced script loads (Next's chunks) runs too; 'self' is then ignored
  // by browsers that know it, and kept for those that do not.
  const scriptSrc = scripts.kind === 'nonce' ? `'self' 'nonce-${scripts.nonce}' 'strict-dynamic'${eval_}` : `'self' 'unsafe-inline'${eval_}`;
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    // The booking origin: the contact page checks that its calendar answers (BookingFrame).
    `connect-src 'self'${bookingOrigin ? ` ${bookingOrigin}` : ''}`,
    `frame-src ${bookingOrigin || "'none'"}`,
    "frame-ancestors 'none'",
    "form-action 'self'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ');
}

/** A fresh nonce: 128 random bits, base64. */
export const newNonce = (): string => Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');

/**
 * The console's API (`/api/admin/**`: JSON and event streams, no document): nothing may run or load
 * from its answers. Static, from next.config.ts: the proxy stays off the API's hot paths (a login
 * flood, every event stream).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The console's pages and server actions: a nonce per request from proxy.ts. */
export const isConsolePath = (pathname: string): boolean => /^\/admin(?:\/|$)/.test(pathname);
