// The response headers of next.config.ts, also sent by the event streams that lib/chat/stream-server.ts
// serves before Next's request chain. Relative imports: next.config.ts loads this before "@/" exists.
import { config } from './config';

export const NOSNIFF_HEADER = { key: 'X-Content-Type-Options', value: 'nosniff' };

const isDev = process.env.NODE_ENV === 'development';
const bookingOrigin = config.bookingUrl ? new URL(config.bookingUrl).origin : '';

// Static pages carry Next's inline bootstrap scripts, so scripts allow 'unsafe-inline' (a nonce
// would force every page to render per request); everything else is limited to this origin.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline'${isDev ? " 'unsafe-eval'" : ''}`,
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

// Headers that govern a document (what it may load, frame or send): they do nothing on the
// hashed static files, where ~0.5 KB per script would weigh on a phone's first load.
export const documentHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ...(config.siteUrl.startsWith('https://') ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
];
