import { ApiError } from './api-error';

/** JSON error with a stable `error` code the UI translates, plus an English `message` for humans. */
export function apiError(status: number, error: string, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return new ApiError(status, error, message).toResponse(extra, headers);
}

export function tooManyRequests(retryAfterSeconds: number) {
  return new ApiError(429, 'rate_limited', 'Too many requests, try again later.', retryAfterSeconds).toResponse(
    {},
    {
      'Retry-After': String(retryAfterSeconds),
    },
  );
}

export { readJsonObject } from './read-body';
