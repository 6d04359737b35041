import { createHash, randomInt } from 'node:crypto';

/**
 * Ten single-use codes, shown once. Each holds 24 symbols of 32 (120 random bits, above the 112
 * ASVS 6.5.2 asks of a lookup secret stored without a slow salted hash): SHA-256 is enough, and a
 * copy of the table gives no code back.
 */
export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODE_LENGTH = 24;
const GROUP = 4;
export const RECOVERY_CODE_BITS = RECOVERY_CODE_LENGTH * Math.log2(ALPHABET.length);

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: RECOVERY_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return chars.match(new RegExp(`.{${GROUP}}`, 'g'))!.join('-');
  });
}

/** As typed: case, spaces and dashes do not matter. */
export function normalizeRecoveryCode(code: string): string | null {
  const compact = code.replace(/[\s-]/g, '').toUpperCase();
  return new RegExp(`^[A-Z0-9]{${RECOVERY_CODE_LENGTH}}$`).test(compact) ? compact : null;
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256')
    .update(normalizeRecoveryCode(code) ?? '')
    .digest('hex');
}
