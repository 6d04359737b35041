// `npm run bench:push`: how long a visitor's message takes to become a push notification. Starts
// the production build (`npm run build` or `npm run build:test` first) on a fresh PGlite folder
// (DATABASE_URL for PostgreSQL) with PUSH_UNREAD_DELAY=0, runs the tests' local push service
// (tests/e2e/push-service.ts: every payload decrypted, every VAPID signature verified), subscribes
// one device and sends, one at a time, BENCH_VISITORS visitors' first messages ("new conversation"
// events) then BENCH_EVENTS further messages ("unread" events, pushed at once with the delay at 0).
// Measured: from just before the message's POST leaves this process to the push request's headers
// arriving at the push service, on one clock (both ends live in this process, on loopback): an upper
// bound of "reaching the server → the push leaving it" by two loopback hops. Reference, same run and
// server: the round trip of the same POSTs, then of as many POSTs with no device subscribed.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpush from 'web-push';
import { startPushService } from '../e2e/push-service';
import { withNextServer } from './next-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3240);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const VISITORS = Number(process.env.BENCH_VISITORS ?? 100);
const OPERATOR = { email: 'bench@maurice-expat.test', password: 'bench-password-123' };

const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((p / 100) * values.length))]!;
const line = (label: string, values: number[]) =>
  `${label.padEnd(46)} n=${String(values.length).padStart(4)}  p50 ${pct(values, 50).toFixed(1).padStart(6)} ms  p99 ${pct(values, 99).toFixed(1).padStart(6)} ms  max ${Math.max(
    ...values,
  )
    .toFixed(1)
    .padStart(6)} ms`;
const json = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

// web-push pads a private scalar with leading zero bytes to 32 bytes (node:crypto's is shorter then).
const vapid = webpush.generateVAPIDKeys();

type Visitor = { id: string; headers: Record<string, string> };

await withNextServer(
  PORT,
  async (base: string) => {
    const service = await startPushService({ vapidPublicKey: vapid.publicKey });
    const arrival = (tag: string, timeoutMs = 10_000) =>
      new Promise<number>((resolve) => {
        const started = performance.now();
        const check = () => {
          const delivery = service.deliveries.find((entry) => entry.payload.tag === tag);
          if (delivery) return resolve(delivery.at);
          if (performance.now() - started > timeoutMs) return resolve(Infinity);
          setImmediate(check);
        };
        check();
      });
    // Each visitor has an address of its own: the per-client limits (10 conversations, 60 messages a minute) are not what is measured.
    const newVisitor = async (n: number, block: number): Promise<Visitor> => {
      const address = { 'x-forwarded-for': `10.${block}.${(n >> 8) & 255}.${n & 255}` };
      const created = await fetch(`${base}/api/chat/sessions`, json({ locale: 'de', startPage: '/de' }, address));
      const { id, token } = (await created.json()) as { id: string; token: string };
      return { id, headers: { ...address, authorization: `Bearer ${token}` } };
    };
    const post = async (visitor: Visitor, content: string) => {
      const started = performance.now();
      const response = await fetch(`${base}/api/chat/sessions/${visitor.id}/messages`, json({ content }, visitor.headers));
      const { message } = (await response.json()) as { message: { id: number } };
      if (response.status !== 201) throw new Error(`message ${response.status}`);
      return { started, roundTrip: performance.now() - started, id: message.id };
    };

    const login = await fetch(`${base}/api/admin/login`, json(OPERATOR));
    if (login.status !== 200) throw new Error(`operator login ${login.status}`);
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const state = (await (await fetch(`${base}/api/admin/push`, { headers: { cookie } })).json()) as { publicKey: string };
    if (state.publicKey !== vapid.publicKey) throw new Error('the server does not sign with VAPID_PUBLIC_KEY');
    const device = service.subscribe();
    const subscribed = await fetch(`${base}/api/admin/push/devices`, json({ subscription: device.json }, { cookie }));
    if (subscribed.status !== 201) throw new Error(`subscription ${subscribed.status}`);
    const { device: stored } = (await subscribed.json()) as { device: { id: number } };

    const visitors: Visitor[] = [];
    const conversation: number[] = [];
    const unread: number[] = [];
    const withPush: number[] = [];
    for (let i = 0; i < VISITORS; i += 1) {
      const visitor = await newVisitor(i, 60);
      visitors.push(visitor);
      const sent = await post(visitor, `Guten Tag ${i}`);
      conversation.push((await arrival(`conversation:${visitor.id}`)) - sent.started);
    }
    for (let i = 0; i < EVENTS; i += 1) {
      const visitor = visitors[i % visitors.length]!;
      const sent = await post(visitor, `Nachricht ${i}`);
      withPush.push(sent.roundTrip);
      unread.push((await arrival(`unread:${visitor.id}:${sent.id}`)) - sent.started);
    }

    // The reference: the same POSTs with no device subscribed (the push work is then one indexed query).
    await fetch(`${base}/api/admin/push/devices/${stored.id}`, { method: 'DELETE', headers: { cookie } });
    const plain: number[] = [];
    const others: Visitor[] = [];
    for (let i = 0; i < VISITORS; i += 1) {
      const visitor = await newVisitor(i, 61);
      others.push(visitor);
      await post(visitor, `Guten Tag ${i}`);
    }
    for (let i = 0; i < EVENTS; i += 1) plain.push((await post(others[i % others.length]!, `Nachricht ${i}`)).roundTrip);

    const lost = [...conversation, ...unread].filter((value) => value === Infinity).length;
    console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'} · PUSH_UNREAD_DELAY=0 · one device · messages sent one at a time`);
    console.log(line('message → push request ("unread", delay 0)', unread));
    console.log(line('message → push request ("new conversation")', conversation));
    console.log(line('reference: message POST round trip, 1 device', withPush));
    console.log(line('reference: message POST round trip, no device', plain));
    console.log(`lost: ${lost} · protocol errors at the push service: ${service.errors.length}`);
    await service.close();
    if (lost > 0 || service.errors.length > 0) process.exitCode = 1;
  },
  {
    DATA_DIR: process.env.DATABASE_URL ? '' : mkdtempSync(path.join(tmpdir(), 'bench-push-')),
    OPERATOR_EMAIL: OPERATOR.email,
    OPERATOR_PASSWORD: OPERATOR.password,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    PUSH_ALLOW_LOOPBACK: '1',
    PUSH_UNREAD_DELAY: '0',
  },
);
