import { MIN_PASSWORD_LENGTH } from '@/lib/config';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type OperatorAccountErrorCode = 'invalid_email' | 'password_too_short' | 'email_taken';

export class OperatorAccountError extends Error {
  constructor(
    readonly code: OperatorAccountErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'OperatorAccountError';
  }
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Returns the normalised address. */
export function checkEmail(email: string): string {
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !EMAIL.test(normalized)) {
    throw new OperatorAccountError('invalid_email', `Invalid e-mail address: "${email}".`);
  }
  return normalized;
}

export function checkPassword(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new OperatorAccountError('password_too_short', `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`);
  }
}
