import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

const { POST } = await import('@/app/api/admin/login/route');

const login = (body: unknown) =>
  POST(
    new Request('http://localhost/api/admin/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.1.2.3' },
      body: JSON.stringify(body),
    }),
  );

describe('POST /api/admin/login on bad input', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it.each([
    ['a\u0000@example.test', 'invalid_text'],
    ['\u0000', 'invalid_text'],
    ['ops\u0007@example.test', 'invalid_body'],
  ])('answers 400 to an e-mail with a control character (%j), never 503', async (email, error) => {
    const response = await login({ email, password: 'whatever-password' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error });
  });

  it('still judges an ordinary unknown address: 401', async () => {
    const response = await login({ email: 'nobody@example.test', password: 'whatever-password' });
    expect(response.status).toBe(401);
  });
});
