import type { SessionDetailDto, SessionSummaryDto } from '@/lib/chat/admin-queries';
import type { ChatMessageDto } from '@/lib/chat/dto';
import type { LeadDto } from '@/lib/leads/admin-queries';

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

type CallInit = { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown };

async function send(path: string, init?: CallInit): Promise<Response> {
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
  if (response.ok) return response;
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  const retry = typeof body.retryAfterSeconds === 'number' ? body.retryAfterSeconds : undefined;
  throw new AdminApiError(response.status, typeof body.error === 'string' ? body.error : 'unknown', retry);
}

async function call<T>(path: string, init?: CallInit): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => ({}))) as T;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof AdminApiError && error.status === 401;
}

const sessionPath = (id: string) => `/api/admin/sessions/${encodeURIComponent(id)}`;
const leadPath = (id: number) => `/api/admin/leads/${id}`;
const privacyPath = (email: string) => `/api/admin/privacy?${new URLSearchParams({ email })}`;

export type LeadList = { leads: LeadDto[]; unhandled: number };

/** The export as a file: its body and the name the server gave it. */
async function downloadSubjectData(email: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(privacyPath(email));
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'donnees.json';
  return { blob: await response.blob(), fileName };
}

export const adminApi = {
  logIn: (email: string, password: string) =>
    call<{ ok: true; email: string }>('/api/admin/login', { method: 'POST', body: { email, password } }),
  logOut: () => call<void>('/api/admin/logout', { method: 'POST' }),
  listSessions: async () => (await call<{ sessions: SessionSummaryDto[] }>('/api/admin/sessions')).sessions,
  openSession: (id: string) => call<SessionDetailDto>(sessionPath(id)),
  sendReply: async (id: string, content: string) =>
    (await call<{ message: ChatMessageDto }>(`${sessionPath(id)}/messages`, { method: 'POST', body: { content } })).message,
  markRead: (id: string, upToId: number) => call<void>(`${sessionPath(id)}/read`, { method: 'POST', body: { upToId } }),
  listLeads: () => call<LeadList>('/api/admin/leads'),
  setLeadHandled: (id: number, handled: boolean) =>
    call<{ lead: LeadDto; unhandled: number }>(leadPath(id), { method: 'PATCH', body: { handled } }),
  downloadSubjectData,
  eraseSubjectData: (email: string) => call<{ leads: number; conversations: number }>(privacyPath(email), { method: 'DELETE' }),
};
