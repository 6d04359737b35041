import { randomBytes } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';

/** A client address of its own, so rate limits of one test (or run) never touch another. */
export const clientAddress = () => `10.${[...randomBytes(3)].join('.')}`;

/** A visitor opens the chat on `startPage` and writes `content`: the conversation's id. */
export async function visitorWrites(request: APIRequestContext, { locale, startPage, content }: { locale: string; startPage: string; content: string }) {
  const headers = { 'x-forwarded-for': clientAddress() };
  const created = await request.post('/api/chat/sessions', { data: { locale, startPage }, headers });
  expect(created.status()).toBe(201);
  const { id, token } = (await created.json()) as { id: string; token: string };
  const said = await request.post(`/api/chat/sessions/${id}/messages`, { data: { content }, headers: { ...headers, authorization: `Bearer ${token}` } });
  expect(said.status()).toBe(201);
  return id;
}
