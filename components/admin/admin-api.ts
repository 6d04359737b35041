import type { SessionDetailDto, SessionSummaryDto } from '@/lib/chat/admin-queries';
import type { ChatMessageDto } from '@/lib/chat/dto';

/** A failed call: `status` 0 when the server could not be reached. */
export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status} ${code}`);
    this.name = 'AdminApiError';
  }
}

async function call<T>(path: string, init?: { method: 'POST'; body?: unknown }): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init?.method ?? 'GET',
      headers: init?.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: init?.body === undefined ? undefined : JSON.stringify(init.body),
      cache: 'no-store',
    });
  } catch {
    throw new AdminApiError(0, 'network');
  }
  if (response.status === 204) return undefined as T;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    const retry = typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined;
    throw new AdminApiError(response.status, typeof body.error === 'string' ? body.error : 'unknown', retry);
  }
  return body as T;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 401;
}

const sessionPath = (id: string) => `/api/admin/sessions/${encodeURIComponent(id)}`;

export const adminApi = {
  logIn: (email: string, password: string) =>
    call<{ ok: true; email: string }>('/api/admin/login', { method: 'POST', body: { email, password } }),
  logOut: () => call<void>('/api/admin/logout', { method: 'POST' }),
  listSessions: async () => (await call<{ sessions: SessionSummaryDto[] }>('/api/admin/sessions')).sessions,
  openSession: (id: string) => call<SessionDetailDto>(sessionPath(id)),
  sendReply: async (id: string, content: string) =>
    (await call<{ message: ChatMessageDto }>(`${sessionPath(id)}/messages`, { method: 'POST', body: { content } })).message,
  markRead: (id: string, upToId: number) => call<void>(`${sessionPath(id)}/read`, { method: 'POST', body: { upToId } }),
};
