import { describe, expect, it, vi } from 'vitest';

vi.mock('server-only', () => ({}));
const { notifyOperator } = await import('@/lib/notify/notify-operator');
const { config } = await import('@/lib/config');

const chatEvent = (id: number) => ({
  kind: 'chat_message' as const,
  session: { id: `session_${id}`, locale: 'fr', startPage: '/fr' },
  message: { id, content: 'Bonjour', createdAt: new Date('2026-11-25T10:00:00Z') },
  firstOfConversation: false,
});

describe('operator notifications past the hourly budget', () => {
  it('a flood of chat messages writes one line, not one per message', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    const flood = config.notifyHourlyBudget + 2000;
    for (let id = 1; id <= flood; id += 1) await notifyOperator(chatEvent(id));
    const overBudget = info.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('over the hourly notification budget'));
    expect(overBudget).toEqual(['[notify] chat_message: over the hourly notification budget, left for the digest']);
    vi.restoreAllMocks();
  });
});
