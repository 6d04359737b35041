import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SessionDetailDto, SessionSummaryDto } from '@/lib/chat/admin-queries';
import type { VisitorTrailDto } from '@/lib/chat/trail-admin';
import { ApiError, fetchApi } from '@/lib/api/api-error';
import type { CannedReplyDto } from '@/lib/canned/reply';

type CallInit = { method: 'POST' | 'PATCH' | 'DELETE'; body?: unknown };

const send = (path: string, init?: CallInit) => fetchApi(path, { method: init?.method, json: init?.body });

async function call<T>(path: string, init?: CallInit): Promise<T> {
  const response = await send(path, init);
  if (response.status === 204) return undefined as T;
  return (await response.json().catch(() => ({}))) as T;
}

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

const sessionPath = (id: string) => `/api/admin/sessions/${encodeURIComponent(id)}`;
const privacyPath = (email: string) => `/api/admin/privacy?${new URLSearchParams({ email })}`;

/** What the console sends to create or update a canned reply; empty texts are stored as none. */
export type CannedReplyDraft = { shortcut: string; texts: Record<keyof CannedReplyDto['texts'], string> };

/** The export as a file: its body and the name the server gave it. */
async function downloadSubjectData(email: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await send(privacyPath(email));
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'donnees.json';
  return { blob: await response.blob(), fileName };
}

export const adminApi = {
  logIn: (email: string, password: string) =>
    call<{ ok: true; email: string; next: 'full' | 'second_factor' | 'enrol' }>('/api/admin/login', { method: 'POST', body: { email, password } }),
  secondFactorCode: (code: string) => call<{ ok: true }>('/api/admin/login/code', { method: 'POST', body: { code } }),
  passkeyChallenge: () => call<PublicKeyCredentialRequestOptionsJSON>('/api/admin/login/passkey', { method: 'POST', body: { options: true } }),
  passkeyAnswer: (response: AuthenticationResponseJSON) => call<{ ok: true }>('/api/admin/login/passkey', { method: 'POST', body: { response } }),
  logOut: () => call<void>('/api/admin/logout', { method: 'POST' }),
  keepAlive: () => call<void>('/api/admin/session', { method: 'POST' }),
  listSessions: async () => (await call<{ sessions: SessionSummaryDto[] }>('/api/admin/sessions')).sessions,
  openSession: (id: string, before?: number) => call<SessionDetailDto>(before === undefined ? sessionPath(id) : `${sessionPath(id)}?before=${before}`),
  visitorTrail: (id: string) => call<VisitorTrailDto>(`${sessionPath(id)}/trail`),
  listCannedReplies: async () => (await call<{ replies: CannedReplyDto[] }>('/api/admin/canned-replies')).replies,
  downloadSubjectData,
};
