import { hashPassword, MIN_PASSWORD_LENGTH } from './password-hash.mjs';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export class OperatorAccountError extends Error {
  /**
   * @param {'invalid_email' | 'password_too_short' | 'email_taken'} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = 'OperatorAccountError';
    this.code = code;
  }
}

/** @param {string} email */
export function normalizeEmail(email) {
  return email.trim().toLowerCase();
}

/**
 * Returns the normalised address.
 * @param {string} email
 */
export function checkEmail(email) {
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !EMAIL.test(normalized)) {
    throw new OperatorAccountError('invalid_email', `Invalid e-mail address: "${email}".`);
  }
  return normalized;
}

/** @param {string} password */
export function checkPassword(password) {
  if ([...password].length < MIN_PASSWORD_LENGTH) {
    throw new OperatorAccountError(
      'password_too_short',
      `The password must have at least ${MIN_PASSWORD_LENGTH} characters.`,
    );
  }
}

/** @param {{ id: number | string, email: string, created_at: Date }} row */
function toOperator(row) {
  return { id: Number(row.id), email: row.email, createdAt: row.created_at };
}

/**
 * @param {import('../db/connect.mjs').SqlHandle} handle
 * @param {{ email: string, password: string }} input
 */
export async function createOperatorAccount(handle, { email, password }) {
  const normalized = checkEmail(email);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  const { rows } = await handle.query(
    `insert into operators (email, password_hash) values ($1, $2)
     on conflict (email) do nothing
     returning id, email, created_at`,
    [normalized, passwordHash],
  );
  if (!rows[0]) {
    throw new OperatorAccountError('email_taken', `An operator with the e-mail ${normalized} already exists.`);
  }
  return toOperator(rows[0]);
}

/**
 * Creates OPERATOR_EMAIL / OPERATOR_PASSWORD as the first operator; does nothing once any
 * operator exists, so changing the variables later never resets a password.
 * @param {import('../db/connect.mjs').SqlHandle} handle
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<'created' | 'exists' | 'not_configured'>}
 */
export async function ensureOperatorFromEnv(handle, env) {
  const email = env.OPERATOR_EMAIL?.trim();
  const password = env.OPERATOR_PASSWORD;
  if (!email || !password) return 'not_configured';
  const { rows } = await handle.query('select exists (select 1 from operators) as present');
  if (rows[0]?.present) return 'exists';
  const normalized = checkEmail(email);
  checkPassword(password);
  const passwordHash = await hashPassword(password);
  // Several instances may start together: only the first insert wins.
  const inserted = await handle.query(
    `insert into operators (email, password_hash)
     select $1, $2 where not exists (select 1 from operators)
     on conflict (email) do nothing
     returning id`,
    [normalized, passwordHash],
  );
  return inserted.rows.length > 0 ? 'created' : 'exists';
}
