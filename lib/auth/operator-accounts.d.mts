import type { SqlHandle } from '../db/connect.mjs';

export type OperatorAccountErrorCode = 'invalid_email' | 'password_too_short' | 'email_taken';

export declare class OperatorAccountError extends Error {
  readonly code: OperatorAccountErrorCode;
  constructor(code: OperatorAccountErrorCode, message: string);
}

export type Operator = { id: number; email: string; createdAt: Date };

export declare function normalizeEmail(email: string): string;

export declare function checkEmail(email: string): string;

export declare function checkPassword(password: string): void;

export declare function createOperatorAccount(
  handle: SqlHandle,
  input: { email: string; password: string },
): Promise<Operator>;

export declare function ensureOperatorFromEnv(
  handle: SqlHandle,
  env: Record<string, string | undefined>,
): Promise<'created' | 'exists' | 'not_configured'>;
