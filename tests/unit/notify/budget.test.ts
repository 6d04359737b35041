import { describe, expect, it } from 'vitest';
import { createNotifyBudget } from '@/lib/notify/budget';
import type { DigestEvent, NotifyEvent } from '@/lib/notify/events';

const lead = { kind: 'lead', lead: { id: 1, name: 'A', email: 'a@example.com', message: 'm', source: 'contact' } } as NotifyEvent;
const chat = {
  kind: 'chat_message',
  session: { id: 's', locale: 'fr', startPage: '/' },
  message: { id: 1, content: 'x', createdAt: '' },
  firstOfConversation: true,
} as NotifyEvent;

describe('notification budget', () => {
  it('lets the first N through per hour, then holds the rest for one digest at the end of the hour', () => {
    const digests: DigestEvent[] = [];
    const timers: { run: () => void; ms: number }[] = [];
    const allow = createNotifyBudget({ perWindow: 3, sendDigest: (digest) => digests.push(digest), schedule: (run, ms) => timers.push({ run, ms }) });
    const verdicts = [lead, chat, lead, lead, chat, chat, lead].map((event, index) => allow(event, index * 1000));
    expect(verdicts).toEqual([true, true, true, false, false, false, false]);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(3_600_000 - 3000);
    timers[0]!.run();
    expect(digests).toEqual([{ kind: 'digest', digest: { suppressed: 4, byKind: { lead: 2, chat_message: 2 }, windowMinutes: 60 } }]);
    expect(allow(lead, 3_600_000)).toBe(true);
  });
});
