import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperatorSession, disableOperatorAccount, revokeOperatorSession, revokeOperatorSessions, storedSessionId } from '@/lib/auth/operators';
import { createChatSession, markRead, saveMessage } from '@/lib/chat/queries';
import { purgeExpiredData } from '@/lib/privacy/queries';
import { claimUnreadMessages, listDueFollowUps } from '@/lib/push/event-queries';
import { claimDeliveries, listDevices, saveSubscription } from '@/lib/push/queries';
import { wireSubscribers } from '@/lib/subscribers';
import { query } from '../db/test-database';

// Shared by the PGlite and PostgreSQL test files, which open the database first.

const KEY = 'BDrNHrHxQ1BCRbv-uGwM4P60Pf7j7FEjurGCWhmRziVaWMNlimtjfyB88xbl0Kd8ZZbaTxXyReM3MEI-X24LDa8';

async function operator() {
  const email = `op-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await query<{ id: number | string }>(`insert into operators (email, password_hash) values ($1, 'x') returning id`, [email]);
  const operatorId = Number(row!.id);
  const session = await createOperatorSession({ operatorId });
  return { email, operatorId, sessionId: storedSessionId(session.id) };
}

const subscription = () => ({ endpoint: `https://push.example.com/${randomBytes(8).toString('hex')}`, p256dh: 'p', auth: 'a' });

async function subscribe(
  owner: { operatorId: number; sessionId: string },
  input = subscription(),
  extra: { existingOnly?: boolean; vapidPublicKey?: string } = {},
) {
  return saveSubscription({
    ...owner,
    subscription: input,
    name: 'Chrome · Android',
    vapidPublicKey: extra.vapidPublicKey ?? KEY,
    existingOnly: extra.existingOnly,
  });
}

export function describePushQueries() {
  describe('push subscriptions', () => {
    it('stores a device once per endpoint, re-links it, and refuses past ten per operator', async () => {
      const owner = await operator();
      const input = subscription();
      const first = await subscribe(owner, input);
      expect(first).toMatchObject({ ok: true, created: true, device: { name: 'Chrome · Android', service: 'push.example.com', stale: false } });
      expect(await subscribe(owner, input, { existingOnly: true })).toMatchObject({ ok: true, created: false });
      expect(await subscribe(owner, subscription(), { existingOnly: true })).toEqual({ ok: false, reason: 'not_found' });
      for (let i = 0; i < 9; i += 1) expect((await subscribe(owner)).ok).toBe(true);
      expect(await subscribe(owner)).toEqual({ ok: false, reason: 'too_many' });
      expect(await listDevices({ operatorId: owner.operatorId, vapidPublicKey: KEY })).toHaveLength(10);
      expect((await listDevices({ operatorId: owner.operatorId, vapidPublicKey: 'another' }))[0]!.stale).toBe(true);
    });

    it('claims an event once per device whatever the number of claimers, for enabled operators and the current key only', async () => {
      const [a, b, disabled] = await Promise.all([operator(), operator(), operator()]);
      await subscribe(a);
      await subscribe(a);
      await subscribe(b);
      await subscribe(b, subscription(), { vapidPublicKey: 'an-old-key' });
      await subscribe(disabled);
      await query('update operators set disabled_at = now() where id = $1', [disabled.operatorId]);
      const eventKey = `conversation:${randomBytes(4).toString('hex')}`;
      const claims = await Promise.all([1, 2, 3].map(() => claimDeliveries({ eventKey, vapidPublicKey: KEY })));
      const ids = claims.flat().map((target) => target.id);
      expect(new Set(ids).size).toBe(ids.length);
      const mine = await listDevices({ operatorId: a.operatorId, vapidPublicKey: KEY });
      const theirs = await listDevices({ operatorId: b.operatorId, vapidPublicKey: KEY });
      for (const device of [...mine, ...theirs.filter((d) => !d.stale)]) expect(ids).toContain(device.id);
      expect(ids).not.toContain(theirs.find((d) => d.stale)!.id);
      expect(await claimDeliveries({ eventKey, vapidPublicKey: KEY })).toEqual([]);
    });

    it('removes the devices of a session at its logout, and all of them at revocation and disable', async () => {
      // The push subscriber of `operator.sessions.ended` removes them, as wired at start-up.
      wireSubscribers();
      const owner = await operator();
      const second = { operatorId: owner.operatorId, sessionId: storedSessionId((await createOperatorSession({ operatorId: owner.operatorId })).id) };
      await subscribe(owner);
      await subscribe(second);
      await revokeOperatorSession({ id: owner.sessionId });
      expect(await listDevices({ operatorId: owner.operatorId, vapidPublicKey: KEY })).toHaveLength(1);
      await revokeOperatorSessions({ email: owner.email });
      expect(await listDevices({ operatorId: owner.operatorId, vapidPublicKey: KEY })).toHaveLength(0);
      const third = { operatorId: owner.operatorId, sessionId: storedSessionId((await createOperatorSession({ operatorId: owner.operatorId })).id) };
      await subscribe(third);
      await disableOperatorAccount({ email: owner.email });
      expect(await listDevices({ operatorId: owner.operatorId, vapidPublicKey: KEY })).toHaveLength(0);
    });
  });

  describe('push events', () => {
    it('claims a visitor’s unread messages once across concurrent jobs, never the first message, not once read', async () => {
      const { id } = await createChatSession({ locale: 'de', startPage: '/de' });
      await saveMessage({ sessionId: id, sender: 'visitor', content: 'Hallo' });
      const mine = (claims: { sessionId: string }[]) => claims.filter((claim) => claim.sessionId === id);
      expect(mine(await claimUnreadMessages({ delayMs: 0, lookbackMs: 60_000 }))).toEqual([]);
      await saveMessage({ sessionId: id, sender: 'visitor', content: 'Noch da?' });
      const last = await saveMessage({ sessionId: id, sender: 'visitor', content: 'Bitte antworten' });
      const runs = await Promise.all([1, 2, 3].map(() => claimUnreadMessages({ delayMs: 0, lookbackMs: 60_000 })));
      expect(runs.flatMap(mine)).toEqual([{ sessionId: id, lastMessageId: last.id, count: 2, text: 'Bitte antworten', who: 'Visiteur · Allemand' }]);
      expect(mine(await claimUnreadMessages({ delayMs: 0, lookbackMs: 60_000 }))).toEqual([]);
      const read = await saveMessage({ sessionId: id, sender: 'visitor', content: 'Gelesen' });
      await markRead({ sessionId: id, reader: 'operator', upToId: read.id });
      expect(mine(await claimUnreadMessages({ delayMs: 0, lookbackMs: 60_000 }))).toEqual([]);
      await saveMessage({ sessionId: id, sender: 'visitor', content: 'Zu früh' });
      expect(mine(await claimUnreadMessages({ delayMs: 60_000, lookbackMs: 60_000 }))).toEqual([]);
    });

    it('lists the follow-ups that came due, not merged ones nor long past ones', async () => {
      const { saveLead } = await import('@/lib/leads/queries');
      const { joinPeople } = await import('@/lib/identity/people');
      const { getDb } = await import('@/lib/db/client');
      const anna = await saveLead({
        source: 'contact',
        name: 'Anna Weber',
        email: `${randomBytes(4).toString('hex')}@example.com`,
        message: 'Bonjour',
        locale: 'de',
        consentAt: new Date(),
      });
      const people = await query<{ id: number | string }>('insert into people (email) values (null), (null) returning id');
      const [old, merged] = people.map((row) => Number(row.id));
      await query(
        `insert into person_records (key, person_id, follow_up_at, follow_up_reason) values ($1, $2, now() - interval '1 minute', 'Devis'), ($3, $4, now() - interval '2 days', ''), ($5, $6, now() - interval '1 minute', '')`,
        [`person:${anna.personId}`, anna.personId, `person:${old}`, old, `person:${merged}`, merged],
      );
      await joinPeople(await getDb(), { from: merged!, into: anna.personId });
      const mine = [anna.personId, old, merged].map(String);
      const due = (await listDueFollowUps({ lookbackMs: 24 * 3600_000 })).filter((entry) => mine.includes(entry.personKey));
      expect(due).toEqual([{ personKey: String(anna.personId), dueAt: expect.any(String), reason: 'Devis', who: 'Anna Weber' }]);
    });

    it('purges claims older than a week', async () => {
      const owner = await operator();
      await subscribe(owner);
      const [target] = await claimDeliveries({ eventKey: `test:${randomBytes(4).toString('hex')}`, vapidPublicKey: KEY, operatorId: owner.operatorId });
      await query(`update push_deliveries set created_at = now() - interval '8 days' where subscription_id = $1`, [target!.id]);
      await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
      expect(await query('select 1 from push_deliveries where subscription_id = $1', [target!.id])).toEqual([]);
    });
  });
}
