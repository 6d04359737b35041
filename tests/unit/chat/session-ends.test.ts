import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { admitStream, operatorAccountKey, operatorSessionKey } = await import('@/lib/chat/stream-caps');
const { announceSessionEnd, receiveSessionEnd } = await import('@/lib/chat/session-ends');

const SESSION_A = 'a'.repeat(64);
const SESSION_B = 'b'.repeat(64);

/** An operator stream as the admin events route counts it: under its session and its account. */
function openStream(sessionId: string, operatorId: number) {
  const closed: string[] = [];
  const release = admitStream(
    [
      { key: operatorSessionKey(sessionId), cap: 3 },
      { key: operatorAccountKey(operatorId), cap: Infinity },
    ],
    (reason) => {
      closed.push(reason);
      release();
    },
  );
  return closed;
}

describe('ended operator sessions close their streams', () => {
  it('a logout closes that session’s streams at once, not the other session’s', async () => {
    const [first, second, other] = [openStream(SESSION_A, 1), openStream(SESSION_A, 1), openStream(SESSION_B, 1)];
    await announceSessionEnd({ sessionId: SESSION_A });
    expect([first, second, other]).toEqual([['session_ended'], ['session_ended'], []]);
    receiveSessionEnd(JSON.stringify({ operatorId: 1 }));
    expect(other).toEqual(['session_ended']);
  });

  it('a notice from another instance closes every stream of the revoked or disabled account, and nothing else', () => {
    const [mine, theirs] = [openStream(SESSION_A, 7), openStream(SESSION_B, 8)];
    receiveSessionEnd(JSON.stringify({ operatorId: 7 }));
    for (const junk of ['', 'null', '{"sessionId":"../x"}', '{"operatorId":"8"}', '{"operatorId":8.5}']) receiveSessionEnd(junk);
    expect([mine, theirs]).toEqual([['session_ended'], []]);
  });
});
