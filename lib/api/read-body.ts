import { ApiError } from './api-error';
import { crossSiteRefusal } from './same-origin';

const apiError = (status: number, code: string, message: string) => new ApiError(status, code, message).toResponse();

/** The largest body any route accepts; nginx allows 64 KB, so the app answers 413 itself. */
export const MAX_BODY_BYTES = 16 * 1024;

type Read<T> = { ok: true; value: T } | { ok: false; response: Response };

const tooLarge = (): { ok: false; response: Response } => ({ ok: false, response: apiError(413, 'too_large', 'The body is too large.') });
const unsupported = (expected: string): { ok: false; response: Response } => ({
  ok: false,
  response: apiError(415, 'unsupported_media_type', `Send the body as ${expected}.`),
});

/**
 * The media type exactly as RFC 9110 parses it: `text/plain; x=application/json` is text/plain.
 * A charset, when given, must be UTF-8 (the only one we decode).
 */
export function mediaTypeIs(request: Request, expected: string): boolean {
  const [type = '', ...params] = (request.headers.get('content-type') ?? '').split(';');
  if (type.trim().toLowerCase() !== expected) return false;
  return params.every((param) => {
    const [name = '', value = ''] = param.split('=').map((part) => part.trim().toLowerCase());
    return name !== 'charset' || value.replace(/^"|"$/g, '') === 'utf-8';
  });
}

/**
 * Reads the body as UTF-8 text (after the same-origin check), refusing it with 413 by its Content-Length before reading and
 * while it streams, as soon as it passes `maxBytes`: never more than that is held in memory.
 */
export async function readBodyText(request: Request, maxBytes: number = MAX_BODY_BYTES): Promise<Read<string>> {
  // Every state-changing route that reads a body passes here: the CSRF check goes with it.
  const crossSite = crossSiteRefusal(request);
  if (crossSite) return { ok: false, response: crossSite };
  const declared = request.headers.get('content-length');
  if (declared !== null && !(/^\d{1,15}$/.test(declared.trim()) && Number(declared) <= maxBytes)) return tooLarge();
  if (!request.body) return { ok: true, value: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    // A client that hangs up mid-body is treated as the end of it; the parse then refuses it.
    const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
    if (done || !value) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return tooLarge();
    }
    chunks.push(value);
  }
  return { ok: true, value: Buffer.concat(chunks).toString('utf8') };
}

/** True when a string anywhere in `value` (keys included) holds a NUL, which PostgreSQL text cannot store. */
function holdsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(holdsNul);
  if (value && typeof value === 'object') return Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item));
  return false;
}

// No browser form or widget sends one; refused here once rather than answered 503 by the database.
const nulRefused = () => ({ ok: false as const, response: apiError(400, 'invalid_text', 'Text must not contain NUL characters.') });

/** A JSON object body sent exactly as `application/json`: 415, 413 or 400 otherwise. */
export async function readJsonObject(
  request: Request,
  maxBytes: number = MAX_BODY_BYTES,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; response: Response }> {
  if (!mediaTypeIs(request, 'application/json')) return { ok: false, response: unsupported('application/json').response };
  const read = await readBodyText(request, maxBytes);
  if (!read.ok) return read;
  try {
    const body: unknown = JSON.parse(read.value);
    if (holdsNul(body)) return nulRefused();
    if (body && typeof body === 'object' && !Array.isArray(body)) return { ok: true, body: body as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { ok: false, response: apiError(400, 'invalid_json', 'The body must be a JSON object.') };
}

/** An HTML form posted without JavaScript (`application/x-www-form-urlencoded`), text fields only. */
export async function readFormFields(request: Request): Promise<Read<Record<string, string>>> {
  if (!mediaTypeIs(request, 'application/x-www-form-urlencoded')) return unsupported('application/x-www-form-urlencoded');
  const read = await readBodyText(request);
  if (!read.ok) return read;
  const fields = Object.fromEntries(new URLSearchParams(read.value));
  return holdsNul(fields) ? nulRefused() : { ok: true, value: fields };
}
