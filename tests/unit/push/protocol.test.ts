import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPush } from '@/lib/push/transport';
import { vapidPublicKeyOf } from '@/lib/config';
import { generateVapidKeys, resolveVapidKeys, VAPID_KEYS_FILE, vapidSubject } from '@/lib/push/vapid-keys';
import { startPushService, type PushService } from '../../e2e/push-service';

// What the server sends (web-push prepares it, lib/push/transport.ts sends it) checked by the
// tests' own receiver, which implements RFC 8291/8292 with node:crypto.

const keys = webpush.generateVAPIDKeys();
let service: PushService;
beforeAll(async () => {
  service = await startPushService({ vapidPublicKey: keys.publicKey });
});
afterAll(() => service.close());

function prepare(endpointJson: ReturnType<PushService['subscribe']>['json'], payload: string, vapid = keys) {
  const request = webpush.generateRequestDetails(endpointJson, payload, {
    vapidDetails: { subject: 'mailto:ops@example.com', ...vapid },
    TTL: 60,
    urgency: 'high',
    contentEncoding: 'aes128gcm',
  });
  return { endpoint: request.endpoint, headers: request.headers as Record<string, string>, body: request.body };
}

describe('a push as the server sends it', () => {
  it('is accepted by an RFC 8030/8291/8292 push service: VAPID verified, payload decrypted', async () => {
    const device = service.subscribe();
    const payload = { title: 'Nouvelle conversation', body: 'Visiteur · Allemand : « Grüß Gott »', url: '/admin/conversations/s1', tag: 'conversation:s1' };
    const answer = await postPush(prepare(device.json, JSON.stringify(payload)), { timeoutMs: 5_000, allowLoopback: true });
    expect(answer).toEqual({ status: 201, retryAfterMs: null });
    expect(service.errors).toEqual([]);
    const [delivery] = service.received((entry) => entry.device === device.id);
    expect(delivery).toMatchObject({ payload, ttl: 60, urgency: 'high', claims: { aud: service.origin, sub: 'mailto:ops@example.com' } });
  });

  it('is refused by the receiver when signed with another key', async () => {
    const device = service.subscribe();
    const answer = await postPush(prepare(device.json, '{}', webpush.generateVAPIDKeys()), { timeoutMs: 5_000, allowLoopback: true });
    expect(answer.status).toBe(400);
    expect(service.errors.at(-1)).toMatch(/k is not the server’s VAPID public key/);
  });

  it('passes the Retry-After of a 429 on', async () => {
    const device = service.subscribe();
    service.answer(device.id, { status: 429, retryAfter: '7' });
    expect(await postPush(prepare(device.json, '{}'), { timeoutMs: 5_000, allowLoopback: true })).toEqual({ status: 429, retryAfterMs: 7000 });
  });

  it('never connects to a loopback or private address unless PUSH_ALLOW_LOOPBACK allows it', async () => {
    const device = service.subscribe();
    await expect(postPush(prepare(device.json, '{}'), { timeoutMs: 5_000, allowLoopback: false })).rejects.toThrow(/no public address/);
    await expect(
      postPush({ ...prepare(device.json, '{}'), endpoint: 'http://localhost:9/push/x' }, { timeoutMs: 5_000, allowLoopback: false }),
    ).rejects.toThrow(/no public address/);
  });
});

describe('VAPID keys', () => {
  it('are generated once into DATA_DIR, private, and kept', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'vapid-')), 'data');
    const first = resolveVapidKeys({ dataDir });
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(first);
    expect(resolveVapidKeys({ dataDir })).toEqual(first);
    expect(resolveVapidKeys({ dataDir, configured: keys })).toEqual(keys);
  });

  it('are generated as web-push takes them, and sign what the receiver verifies', async () => {
    // 2,000 pairs: about 8 have a private scalar with a leading zero byte, which must stay 32 bytes.
    for (let index = 0; index < 2_000; index += 1) {
      const pair = generateVapidKeys();
      expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
      expect(Buffer.from(pair.publicKey, 'base64url')).toHaveLength(65);
      expect(vapidPublicKeyOf(pair.privateKey)).toBe(pair.publicKey);
    }
    const pair = generateVapidKeys();
    const receiver = await startPushService({ vapidPublicKey: pair.publicKey });
    try {
      const device = receiver.subscribe();
      expect((await postPush(prepare(device.json, '{"kind":"test"}', pair), { timeoutMs: 5_000, allowLoopback: true })).status).toBe(201);
      expect(receiver.errors).toEqual([]);
      expect(receiver.received()).toMatchObject([{ device: device.id, payload: { kind: 'test' } }]);
    } finally {
      await receiver.close();
    }
  });

  it('refuse a file that is not a key pair, or that others may read', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vapid-'));
    const file = path.join(dataDir, VAPID_KEYS_FILE);
    writeFileSync(file, JSON.stringify({ ...keys, publicKey: webpush.generateVAPIDKeys().publicKey }), { mode: 0o600 });
    expect(() => resolveVapidKeys({ dataDir })).toThrow(/does not hold a VAPID key pair/);
    writeFileSync(file, JSON.stringify(keys));
    chmodSync(file, 0o644);
    expect(() => resolveVapidKeys({ dataDir })).toThrow(/open to other users/);
  });

  it('sign with a subject from the configuration', () => {
    const settings = { notify: { emailTo: ['Ops <ops@example.mu>'], emailFrom: undefined } as never, operator: undefined, siteUrl: 'https://www.example.mu' };
    expect(vapidSubject(settings)).toBe('mailto:ops@example.mu');
    expect(vapidSubject({ ...settings, notify: {} as never })).toBe('https://www.example.mu');
    expect(vapidSubject({ ...settings, notify: {} as never, siteUrl: 'http://localhost:3000' })).toBe('mailto:no-reply@localhost');
  });
});
