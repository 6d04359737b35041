/**
 * A refused API call, as the server answers it and as the widget and the console read it:
 * `{ error: code, message, retryAfterSeconds? }` with the HTTP status. The UI translates `code`;
 * `message` is English for humans. No server import: both browser bundles load this module.
 */
export class ApiError extends Error {
  constructor(
    /** 0 when the request never got an answer (offline, aborted, server down). */
    readonly status: number,
    readonly code: string,
    message: string = `HTTP ${status}`,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The credentials were refused: the visitor's session token, or the operator's cookie. */
  get refused(): boolean {
    return this.status === 401 || this.status === 403;
  }

  toResponse(extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
    const retry = this.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: this.retryAfterSeconds };
    return Response.json({ error: this.code, message: this.message, ...retry, ...extra }, { status: this.status, headers });
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
    return new ApiError(
      response.status,
      typeof body?.error === 'string' ? body.error : 'http_error',
      typeof body?.message === 'string' ? body.message : undefined,
      typeof body?.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined,
    );
  }
}

interface ApiInit {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as a JSON body. */
  json?: unknown;
  keepalive?: boolean;
}

/** `fetch` for our own API: never cached, and any failure thrown as an ApiError. */
export async function fetchApi(url: string, { method = 'GET', headers = {}, json, keepalive }: ApiInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: json === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
      cache: 'no-store',
      keepalive,
    });
  } catch (error) {
    throw new ApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}
