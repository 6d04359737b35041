// The response headers of next.config.ts, also sent by the event streams that lib/chat/stream-server.ts
// serves before Next's request chain. Relative imports: next.config.ts loads this before "@/" exists.
import { config } from './config';
import { API_POLICY, contentSecurityPolicy } from './csp';

export const NOSNIFF_HEADER = { key: 'X-Content-Type-Options', value: 'nosniff' };

/**
 * The public pages are prerendered (and revalidated hourly): their Next bootstrap scripts are
 * inline and cannot carry a per-request nonce, so their scripts allow 'unsafe-inline' (README,
 * "Security headers"). The console gets a nonce per request from proxy.ts instead, its API none.
 */
export const PUBLIC_POLICY = contentSecurityPolicy({ kind: 'inline' });
export { API_POLICY };

// Headers that govern a document (what it may load, frame or send): they do nothing on the
// hashed static files, where ~0.5 KB per script would weigh on a phone's first load.
export const documentHeaders = [
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
  ...(config.siteUrl.startsWith('https://') ? [{ key: 'Strict-Transport-Security', value: 'max-age=63072000; includeSubDomains' }] : []),
];

/** The headers next.config.ts gives an answer whose policy is `policy`, for answers written before Next's chain. */
export const headersWithPolicy = (policy: string): Record<string, string> =>
  Object.fromEntries([NOSNIFF_HEADER, ...documentHeaders, { key: 'Content-Security-Policy', value: policy }].map(({ key, value }) => [key, value]));
