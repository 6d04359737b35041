import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { apiError, tooManyRequests } from '@/lib/api/responses';

describe('one error shape for the server and both clients', () => {
  it('reads back what a route handler answers', async () => {
    const read = await ApiError.fromResponse(apiError(403, 'forbidden', 'Not your session.'));
    expect(read).toMatchObject({ status: 403, code: 'forbidden', message: 'Not your session.', refused: true });
  });

  it('carries the wait of a rate limit in the body and the header', async () => {
    const response = tooManyRequests(42);
    expect(response.headers.get('retry-after')).toBe('42');
    const read = await ApiError.fromResponse(response);
    expect(read).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 42, refused: false });
  });

  it('names a body that is not ours by its status', async () => {
    const read = await ApiError.fromResponse(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(read).toMatchObject({ status: 502, code: 'http_error', message: 'HTTP 502' });
  });
});
