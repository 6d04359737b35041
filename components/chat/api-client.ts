import { ApiError, fetchApi } from '@/lib/api/api-error';
import { isChatMessage, type ChatMessageDto } from '@/lib/chat/message';
import { isChatStatus, type ChatStatusDto } from '@/lib/chat/status';

const BASE = '/api/chat/sessions';

interface Credentials {
  id: string;
  token: string;
}

export function sessionUrl(id: string, path: string) {
  return `${BASE}/${encodeURIComponent(id)}/${path}`;
}

export function authHeaders(token: string): Record<string, string> {
  return { Authorization: `Bearer ${token}` };
}

export async function createChatSession({ locale, startPage }: { locale: string; startPage: string }): Promise<Credentials> {
  const response = await fetchApi(BASE, { method: 'POST', json: { locale, startPage } });
  const body = (await response.json()) as Partial<Credentials>;
  if (typeof body.id !== 'string' || typeof body.token !== 'string') throw new ApiError(502, 'bad_response', 'No session');
  return { id: body.id, token: body.token };
}

/** A page of the history: the latest, or the one before `before`; `before` of the answer pages further back. */
export async function fetchChatMessages({
  id,
  token,
  before,
}: Credentials & { before?: number }): Promise<{ messages: ChatMessageDto[]; before: number | null }> {
  const query = before === undefined ? '' : `?before=${before}`;
  const response = await fetchApi(`${sessionUrl(id, 'messages')}${query}`, { headers: authHeaders(token) });
  const body = (await response.json()) as { messages?: unknown; before?: unknown };
  return {
    messages: Array.isArray(body.messages) ? body.messages.filter(isChatMessage) : [],
    before: typeof body.before === 'number' ? body.before : null,
  };
}

export async function sendChatMessage({ id, token, content, clientId }: Credentials & { content: string; clientId: string }): Promise<ChatMessageDto> {
  const response = await fetchApi(sessionUrl(id, 'messages'), { method: 'POST', headers: authHeaders(token), json: { content, clientId } });
  const body = (await response.json()) as { message?: unknown };
  if (!isChatMessage(body.message)) throw new ApiError(502, 'bad_response', 'No message');
  return body.message;
}

/** "Delete my conversation": the server erases the session and its messages. */
export async function deleteChatSession({ id, token }: Credentials): Promise<void> {
  await fetchApi(`${BASE}/${encodeURIComponent(id)}`, { method: 'DELETE', headers: authHeaders(token) });
}

export async function markChatRead({ id, token, upToId }: Credentials & { upToId: number }): Promise<void> {
  await fetchApi(sessionUrl(id, 'read'), { method: 'POST', headers: authHeaders(token), json: { upToId }, keepalive: true });
}

/** "The visitor is typing" (throttled by the caller). */
export async function sendChatTyping({ id, token }: Credentials): Promise<void> {
  await fetchApi(sessionUrl(id, 'typing'), { method: 'POST', headers: authHeaders(token) });
}

/** A page the visitor opened, for the conversation's trail (keepalive: a navigation away does not cancel it). */
export async function recordChatPage({ id, token, path, title }: Credentials & { path: string; title: string }): Promise<void> {
  await fetchApi(sessionUrl(id, 'trail'), { method: 'POST', headers: authHeaders(token), json: { path, title }, keepalive: true });
}

export async function fetchChatStatus(): Promise<ChatStatusDto | null> {
  const response = await fetchApi('/api/chat/status');
  const body: unknown = await response.json();
  return isChatStatus(body) ? body : null;
}

/** The address replies are e-mailed to (null when none). */
export async function fetchChatEmail({ id, token }: Credentials): Promise<string | null> {
  const response = await fetchApi(sessionUrl(id, 'email'), { headers: authHeaders(token) });
  const body = (await response.json()) as { email?: unknown };
  return typeof body.email === 'string' ? body.email : null;
}

/** Sets (or, with null, removes) the address replies are e-mailed to while nobody is online. */
export async function saveChatEmail({ id, token, email }: Credentials & { email: string | null }): Promise<void> {
  await fetchApi(
    sessionUrl(id, 'email'),
    email === null ? { method: 'DELETE', headers: authHeaders(token) } : { method: 'PUT', headers: authHeaders(token), json: { email } },
  );
}

/** A new mail with new links, for a link token that opened nothing: sent to the address, not answered here. */
export async function requestNewMailLink(linkToken: string): Promise<void> {
  await fetchApi('/api/chat/resume', { method: 'POST', json: { token: linkToken, newLink: true } });
}

/** A reply mail's link token, exchanged for the conversation and a bearer token of this browser's own. */
export async function resumeChatSession(linkToken: string): Promise<Credentials> {
  const response = await fetchApi('/api/chat/resume', { method: 'POST', json: { token: linkToken } });
  const body = (await response.json()) as Partial<Credentials>;
  if (typeof body.id !== 'string' || typeof body.token !== 'string') throw new ApiError(502, 'bad_response', 'No session');
  return { id: body.id, token: body.token };
}
