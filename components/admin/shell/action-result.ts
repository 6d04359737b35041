import { ApiError } from '@/lib/api/api-error';
import type { ActionResult } from '@/lib/auth/operator-action';

/**
 * A server action's answer as the console's fetch calls gave it: the value, or an ApiError with the
 * same status and code, so one failure handler (and its "session expired") serves both.
 */
export async function unwrap<T>(call: Promise<ActionResult<T>>): Promise<T> {
  let result: ActionResult<T>;
  try {
    result = await call;
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (result.ok) return result.value;
  throw new ApiError(result.status, result.code);
}
