import 'server-only';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30 seconds. */
const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** A code of the step before or after is accepted too (clocks drift, typing takes time). */
const WINDOW = 1;

function totp(secretBase32: string, label = 'operator', issuer = 'Console') {
  return new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secretBase32) });
}

/** A new 160-bit key, base32 (what an app's "enter a key" field takes). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The key in groups of four, easier to type from the screen. */
export function groupedKey(secretBase32: string): string {
  return secretBase32.match(/.{1,4}/g)!.join(' ');
}

/** The `otpauth://` address the QR code carries, and the code as an SVG image (data: URL, no script). */
export async function totpEnrolment({ secretBase32, email, issuer }: { secretBase32: string; email: string; issuer: string }) {
  const uri = totp(secretBase32, email, issuer).toString();
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { uri, qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, key: groupedKey(secretBase32) };
}

export const TOTP_CODE = /^\d{6}$/;

/**
 * The time step a code belongs to (within one step of `now`), or null. The caller accepts it only
 * above the last step used, so a code seen over a shoulder cannot be replayed.
 */
export function totpStep({ secretBase32, code, now = Date.now() }: { secretBase32: string; code: string; now?: number }): number | null {
  const token = code.replace(/\s/g, '');
  if (!TOTP_CODE.test(token)) return null;
  const delta = totp(secretBase32).validate({ token, timestamp: now, window: WINDOW });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}

/** The code of `now` (tests, and the command line's check). */
export function totpCode(secretBase32: string, now = Date.now()): string {
  return totp(secretBase32).generate({ timestamp: now });
}
