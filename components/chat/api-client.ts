import { isChatMessage } from './merge-messages';
import type { ChatMessageDto } from './types';

const BASE = '/api/chat/sessions';

/** `status` 0 means the request never got an answer (offline, aborted, server down). */
export class ChatApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ChatApiError';
  }

  get sessionRejected() {
    return this.status === 401 || this.status === 403;
  }
}

interface Credentials {
  id: string;
  token: string;
}

export function sessionUrl(id: string, path: string) {
  return `${BASE}/${encodeURIComponent(id)}/${path}`;
}

export function authHeaders(token: string, extra: Record<string, string> = {}) {
  return { Authorization: `Bearer ${token}`, ...extra };
}

async function request(url: string, init: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(url, { cache: 'no-store', ...init });
  } catch (error) {
    throw new ChatApiError(0, 'network', error instanceof Error ? error.message : 'Network error');
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as { error?: unknown; message?: unknown } | null;
  throw new ChatApiError(
    response.status,
    typeof body?.error === 'string' ? body.error : 'http_error',
    typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
  );
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export async function createChatSession({ locale, startPage }: { locale: string; startPage: string }): Promise<Credentials> {
  const response = await request(BASE, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify({ locale, startPage }) });
  const body = (await response.json()) as Partial<Credentials>;
  if (typeof body.id !== 'string' || typeof body.token !== 'string') throw new ChatApiError(502, 'bad_response', 'No session');
  return { id: body.id, token: body.token };
}

export async function fetchChatMessages({ id, token }: Credentials): Promise<ChatMessageDto[]> {
  const response = await request(sessionUrl(id, 'messages'), { headers: authHeaders(token) });
  const body = (await response.json()) as { messages?: unknown };
  return Array.isArray(body.messages) ? body.messages.filter(isChatMessage) : [];
}

export async function sendChatMessage({ id, token, content }: Credentials & { content: string }): Promise<ChatMessageDto> {
  const response = await request(sessionUrl(id, 'messages'), {
    method: 'POST',
    headers: authHeaders(token, JSON_HEADERS),
    body: JSON.stringify({ content }),
  });
  const body = (await response.json()) as { message?: unknown };
  if (!isChatMessage(body.message)) throw new ChatApiError(502, 'bad_response', 'No message');
  return body.message;
}

/** "Delete my conversation": the server erases the session and its messages. */
export async function deleteChatSession({ id, token }: Credentials): Promise<void> {
  await request(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', headers: authHeaders(token) });
}

export async function markChatRead({ id, token, upToId }: Credentials & { upToId: number }): Promise<void> {
  await request(sessionUrl(id, 'read'), {
    method: 'POST',
    headers: authHeaders(token, JSON_HEADERS),
    body: JSON.stringify({ upToId }),
    keepalive: true,
  });
}
