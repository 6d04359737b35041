import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { getSessionSecret } from './session-secret';

/**
 * AES-256-GCM (node:crypto) under a key derived from the session secret with HKDF, for the few
 * secrets the database must hold in a form it cannot use by itself (an operator's TOTP key): a
 * copy of the table without the session secret opens nothing. `v1.<iv>.<tag>.<ciphertext>`.
 */
function key(purpose: string, secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'maurice-expat', purpose, 32));
}

export function seal(plain: string, purpose: string, secret: string = getSessionSecret()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(purpose, secret), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

/** null when the box was sealed under another secret or altered. */
export function open(sealed: string, purpose: string, secret: string = getSessionSecret()): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key(purpose, secret), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
