import { apiError } from './responses';

/**
 * Runs a handler that needs the database: a failure of the database (or of anything else
 * unexpected) is logged and answered 503 with a message the client can show, never a crash.
 */
export async function withDatabase(label: string, handler: () => Promise<Response>): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    console.error(`[${label}] ${(error as Error).message ?? error}`);
    return apiError(503, 'unavailable', 'The service is temporarily unavailable, please try again.');
  }
}
