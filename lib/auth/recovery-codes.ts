import { createHash, randomInt } from 'node:crypto';

/** Ten single-use codes, shown once, stored as SHA-256 (each holds 50 random bits: no slow hash needed). */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** As typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string | null {
  const compact = code.replace(/[\s-]/g, '').toUpperCase();
  return /^[A-Z0-9]{10}$/.test(compact) ? compact : null;
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(normalizeRecoveryCode(code) ?? '')
    .digest('hex');
}
