import { ApiError } from './api-error';

/** JSON error with a stable `error` code the UI translates, plus an English `message` for humans. */
export function apiError(status: number, error: string, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit) {
  return new ApiError(status, error, message).toResponse(extra, headers);
}

export function tooManyRequests(retryAfterSeconds: number) {
  return new ApiError(429, 'rate_limited', 'Too many requests, try again later.', retryAfterSeconds).toResponse({}, {
    'Retry-After': String(retryAfterSeconds),
  });
}

const MAX_JSON_BYTES = 16 * 1024;

/** Reads a JSON object body; answers 400/413/415 instead of throwing on bad input. */
export async function readJsonObject(request: Request): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  const type = request.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) {
    return { ok: false, response: apiError(415, 'unsupported_media_type', 'Send the body as application/json.') };
  }
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES) return { ok: false, response: apiError(413, 'too_large', 'The body is too large.') };
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === 'object' && !Array.isArray(body)) return { ok: true, body: body as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { ok: false, response: apiError(400, 'invalid_json', 'The body must be a JSON object.') };
}
