import { ApiError } from '@/lib/api/api-error';

const REFUSALS = [
  'invalid_code',
  'factor_locked',
  'factor_throttled',
  'rate_limited',
  'reauth_required',
  'wrong_password',
  'password_too_short',
  'last_factor',
  'passkey_refused',
  'totp_on',
  'invalid_name',
] as const;
export type SecurityErrorKey = (typeof REFUSALS)[number] | 'passkey_cancelled' | 'generic';

/** The key under AdminConsole.security.errors that says what went wrong. */
export function securityErrorKey(error: unknown): SecurityErrorKey {
  if (error instanceof ApiError) return (REFUSALS as readonly string[]).includes(error.code) ? (error.code as SecurityErrorKey) : 'generic';
  // The browser refused or the operator cancelled the passkey dialog (NotAllowedError, AbortError…).
  if (error instanceof Error && /NotAllowed|Abort|InvalidState|NotSupported|Security|WebAuthn/.test(error.name)) return 'passkey_cancelled';
  return 'generic';
}

/** The server asks for the password and a factor again before this change (lib/auth/fresh-proof.ts). */
export const asksFreshProof = (error: unknown) => error instanceof ApiError && error.code === 'reauth_required';
