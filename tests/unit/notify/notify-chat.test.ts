import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWebhookPeer } from '../../support/peers';

const { notifyChatMessage } = await import('@/lib/notify/notify-chat');
const { createNotifyThrottle } = await import('@/lib/notify/decide');
const { parseConfig } = await import('@/lib/config');
const notifyModule = await import('@/lib/notify/config');
const readNotifyConfig = (source: Record<string, string>) => notifyModule.readNotifyConfig(parseConfig(source));

const T0 = Date.parse('2025-05-12T10:00:00Z');
const session = { id: 'session_1715000000000_feed01', locale: 'fr', startPage: '/fr' };
const message = (id: number) => ({ id, content: `ligne ${id}`, createdAt: new Date(T0 + id * 1_000) });

let webhook: Awaited<ReturnType<typeof startWebhookPeer>>;
beforeAll(async () => {
  webhook = await startWebhookPeer();
});
afterAll(() => webhook.close());
afterEach(() => {
  webhook.requests.length = 0;
  vi.restoreAllMocks();
});

function setup() {
  vi.spyOn(console, 'info').mockImplementation(() => {});
  const { config } = readNotifyConfig({ NOTIFY_WEBHOOK_URL: webhook.url });
  const throttle = createNotifyThrottle();
  return (id: number, { first = false, operatorsOnline = 0, at = T0 + id * 1_000 } = {}) =>
    notifyChatMessage({ session, message: message(id), firstOfConversation: first, operatorsOnline }, { config, throttle, nowMs: at });
}

const received = () => webhook.requests.map((request) => JSON.parse(request.body).message.id as number);

describe('notifyChatMessage', () => {
  it('sends one notification for a visitor typing twenty lines', async () => {
    const send = setup();
    const outcomes = await Promise.all(Array.from({ length: 20 }, (_, index) => send(index + 1, { first: index === 0 })));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(received()).toEqual([1]);
  });

  it('notifies again once the window has passed while no operator is connected', async () => {
    const send = setup();
    await send(1, { first: true, at: T0 });
    expect(await send(2, { at: T0 + 119_000 })).toBe(false);
    expect(await send(3, { at: T0 + 120_000 })).toBe(true);
    expect(await send(4, { at: T0 + 150_000 })).toBe(false);
    expect(received()).toEqual([1, 3]);
  });

  it('stays quiet while an operator console is open, except for a new conversation', async () => {
    const send = setup();
    expect(await send(1, { first: true, operatorsOnline: 1 })).toBe(true);
    expect(await send(2, { operatorsOnline: 1, at: T0 + 10 * 60_000 })).toBe(false);
    expect(await send(3, { operatorsOnline: 0, at: T0 + 11 * 60_000 })).toBe(true);
    expect(received()).toEqual([1, 3]);
  });

  it('decides before any network work, so the caller is not held up', async () => {
    const send = setup();
    const pending = send(1, { first: true });
    expect(webhook.requests).toHaveLength(0);
    expect(await send(2)).toBe(false);
    expect(await pending).toBe(true);
  });

  it('resolves to false instead of throwing on bad input', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = { session: null, message: null, firstOfConversation: false, operatorsOnline: 0 } as never;
    await expect(notifyChatMessage(broken)).resolves.toBe(false);
  });
});
