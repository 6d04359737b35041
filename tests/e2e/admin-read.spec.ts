import { E2E_BASE_URL, E2E_OPERATOR } from '../../playwright.config';
import { clientAddress, visitorWrites } from './console-visitor';
import { expect, test } from './fixtures';

// Reading a conversation changes nothing (state changes are POSTs): the console's GET leaves its
// messages unread; the read route (or the console's markRead action) marks them.

test('GET /api/admin/sessions/[id] leaves the messages unread; POST …/read marks them', async ({ request }) => {
  const id = await visitorWrites(request, { locale: 'fr', startPage: '/fr', content: 'Bonjour, une question sur le visa.' });
  const login = await request.post(`${E2E_BASE_URL}/api/admin/login`, { data: E2E_OPERATOR, headers: { 'x-forwarded-for': clientAddress() } });
  expect(login.status()).toBe(200);
  const unread = async () => {
    const { sessions } = (await (await request.get('/api/admin/sessions')).json()) as { sessions: { sessionId: string; unreadCount: number }[] };
    return sessions.find((session) => session.sessionId === id)?.unreadCount;
  };
  expect(await unread()).toBe(1);
  const detail = await request.get(`/api/admin/sessions/${id}`);
  expect(detail.status()).toBe(200);
  const { messages } = (await detail.json()) as { messages: { id: number }[] };
  expect(await unread()).toBe(1);
  const read = await request.post(`/api/admin/sessions/${id}/read`, { data: { upToId: messages.at(-1)!.id } });
  expect(read.status()).toBe(204);
  expect(await unread()).toBe(0);
});
