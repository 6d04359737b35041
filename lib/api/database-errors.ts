import { apiError } from './responses';
import { describeError } from '@/lib/log/describe-error';

/**
 * Runs a handler that needs the database: a failure of the database (or of anything else
 * unexpected) is logged and answered 503 with a message the client can show, never a crash.
 */
export async function withDatabase<T = Response>(label: string, handler: () => Promise<T>): Promise<T | Response> {
  try {
    return await handler();
  } catch (error) {
    console.error(`[${label}] ${describeError(error)}`);
    return apiError(503, 'unavailable', 'The service is temporarily unavailable, please try again.');
  }
}

/** The statement hit a unique key (PostgreSQL's 23505), possibly wrapped by the driver or Drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  for (let cause = error as { code?: unknown; cause?: unknown } | undefined; cause; cause = cause.cause as typeof cause) {
    if (cause.code === '23505') return true;
  }
  return false;
}
