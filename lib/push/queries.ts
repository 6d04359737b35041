import 'server-only';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { selectRows, isoOrNull, iso } from '@/lib/people/rows';
import { MAX_SUBSCRIPTIONS_PER_OPERATOR } from './constants';

/** A device as the console lists it: never its endpoint or keys, only the push service's host. */
export interface PushDeviceDto {
  id: number;
  name: string;
  service: string;
  createdAt: string;
  lastSuccessAt: string | null;
  /** Made for another VAPID key than the server's: it receives nothing until subscribed again. */
  stale: boolean;
}

/** A claimed delivery: where to send and how the operator wants it worded. */
export interface PushTarget {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  hideText: boolean;
}

type DeviceRow = { id: number | string; name: string; endpoint: string; created_at: Date; last_success_at: Date | null; vapid_public_key: string };

function toDevice(row: DeviceRow, vapidPublicKey: string): PushDeviceDto {
  return {
    id: Number(row.id),
    name: row.name,
    service: new URL(row.endpoint).host,
    createdAt: iso(row.created_at),
    lastSuccessAt: isoOrNull(row.last_success_at),
    stale: row.vapid_public_key !== vapidPublicKey,
  };
}

const DEVICE_COLUMNS = sql`id, name, endpoint, created_at, last_success_at, vapid_public_key`;

export async function listDevices({ operatorId, vapidPublicKey }: { operatorId: number; vapidPublicKey: string }): Promise<PushDeviceDto[]> {
  const db = await getDb();
  const rows = await selectRows<DeviceRow>(db, sql`select ${DEVICE_COLUMNS} from push_subscriptions where operator_id = ${operatorId} order by created_at, id`);
  return rows.map((row) => toDevice(row, vapidPublicKey));
}

export type SubscriptionInput = { endpoint: string; p256dh: string; auth: string };
export type SaveOutcome = { ok: true; device: PushDeviceDto; created: boolean } | { ok: false; reason: 'too_many' | 'not_found' };

/**
 * Stores this browser's subscription for the operator, linked to the session that sent it (its
 * logout removes it). The endpoint is the browser's: sent again, it updates its row (keys,
 * session, owner) instead of adding one. `existingOnly` (the console re-linking a device it had
 * subscribed) never creates one: a device removed from the list stays removed.
 */
export async function saveSubscription({
  operatorId,
  sessionId,
  subscription,
  name,
  vapidPublicKey,
  existingOnly = false,
}: {
  operatorId: number;
  sessionId: string;
  subscription: SubscriptionInput;
  name: string;
  vapidPublicKey: string;
  existingOnly?: boolean;
}): Promise<SaveOutcome> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One operator's subscriptions are counted and added one request at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(${PUSH_LOCK_KEY}, ${operatorId}::int)`);
    const [existing] = await selectRows<{ id: number | string; operator_id: number | string }>(
      tx,
      sql`select id, operator_id from push_subscriptions where endpoint = ${subscription.endpoint}`,
    );
    if (existing) {
      const sameOwner = Number(existing.operator_id) === operatorId;
      if (existingOnly && !sameOwner) return { ok: false, reason: 'not_found' };
      const [row] = await selectRows<DeviceRow>(
        tx,
        sql`update push_subscriptions set operator_id = ${operatorId}, session_id = ${sessionId}, p256dh = ${subscription.p256dh}, auth = ${subscription.auth},
              vapid_public_key = ${vapidPublicKey}, name = ${sameOwner ? sql`name` : sql`${name}`}
            where id = ${existing.id} returning ${DEVICE_COLUMNS}`,
      );
      return { ok: true, device: toDevice(row!, vapidPublicKey), created: false };
    }
    if (existingOnly) return { ok: false, reason: 'not_found' };
    const [count] = await selectRows<{ n: number | string }>(tx, sql`select count(*) as n from push_subscriptions where operator_id = ${operatorId}`);
    if (Number(count?.n ?? 0) >= MAX_SUBSCRIPTIONS_PER_OPERATOR) return { ok: false, reason: 'too_many' };
    const [row] = await selectRows<DeviceRow>(
      tx,
      sql`insert into push_subscriptions (operator_id, session_id, endpoint, p256dh, auth, name, vapid_public_key)
          values (${operatorId}, ${sessionId}, ${subscription.endpoint}, ${subscription.p256dh}, ${subscription.auth}, ${name}, ${vapidPublicKey})
          returning ${DEVICE_COLUMNS}`,
    );
    return { ok: true, device: toDevice(row!, vapidPublicKey), created: true };
  });
}

/** Advisory lock space of the subscriptions (the second key is the operator's id). */
const PUSH_LOCK_KEY = 741_262;

export async function renameDevice({ operatorId, id, name, vapidPublicKey }: { operatorId: number; id: number; name: string; vapidPublicKey: string }) {
  const db = await getDb();
  const [row] = await selectRows<DeviceRow>(
    db,
    sql`update push_subscriptions set name = ${name} where id = ${id} and operator_id = ${operatorId} returning ${DEVICE_COLUMNS}`,
  );
  return row ? toDevice(row, vapidPublicKey) : null;
}

export async function deleteDevice({ operatorId, id }: { operatorId: number; id: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await selectRows(db, sql`delete from push_subscriptions where id = ${id} and operator_id = ${operatorId} returning id`);
  return rows.length > 0;
}

/** The push service said the subscription is gone (404, 410): nobody will receive on it again. */
export async function deleteSubscription({ id }: { id: number }): Promise<boolean> {
  const db = await getDb();
  const rows = await selectRows(db, sql`delete from push_subscriptions where id = ${id} returning id`);
  return rows.length > 0;
}

/** Logout: the devices this operator session subscribed (or re-linked last). `sessionId` is the stored id. */
export async function deleteSessionSubscriptions({ sessionId }: { sessionId: string }): Promise<number> {
  const db = await getDb();
  return (await selectRows(db, sql`delete from push_subscriptions where session_id = ${sessionId} returning id`)).length;
}

/** Revocation and disable: every device of the operator. */
export async function deleteOperatorSubscriptions({ operatorId }: { operatorId: number }): Promise<number> {
  const db = await getDb();
  return (await selectRows(db, sql`delete from push_subscriptions where operator_id = ${operatorId} returning id`)).length;
}

export async function getHideText({ operatorId }: { operatorId: number }): Promise<boolean> {
  const db = await getDb();
  const [row] = await selectRows<{ push_hide_text: boolean }>(db, sql`select push_hide_text from operators where id = ${operatorId}`);
  return row?.push_hide_text ?? true;
}

export async function setHideText({ operatorId, hideText }: { operatorId: number; hideText: boolean }): Promise<void> {
  const db = await getDb();
  await db.execute(sql`update operators set push_hide_text = ${hideText} where id = ${operatorId}`);
}

export async function hasSubscriptions(): Promise<boolean> {
  const db = await getDb();
  return (await selectRows(db, sql`select 1 from push_subscriptions limit 1`)).length > 0;
}

export const hashEvent = (key: string) => createHash('sha256').update(key, 'utf8').digest('hex');

type TargetRow = { id: number | string; endpoint: string; p256dh: string; auth: string; hide_text: boolean };

/**
 * Claims the event for every device (of one operator, or of every enabled operator) made for
 * this VAPID key: a row per (event, device) is inserted, and only the caller whose insert went in
 * gets that device back. Two instances seeing one event send it once.
 */
export async function claimDeliveries({
  eventKey,
  vapidPublicKey,
  operatorId,
}: {
  eventKey: string;
  vapidPublicKey: string;
  operatorId?: number;
}): Promise<PushTarget[]> {
  const db = await getDb();
  const rows = await selectRows<TargetRow>(
    db,
    sql`with targets as (
          select s.id from push_subscriptions s join operators o on o.id = s.operator_id
          where o.disabled_at is null and s.vapid_public_key = ${vapidPublicKey} ${operatorId === undefined ? sql`` : sql`and s.operator_id = ${operatorId}`}
        ), claimed as (
          insert into push_deliveries (event_hash, subscription_id) select ${hashEvent(eventKey)}, id from targets
          on conflict do nothing returning subscription_id
        )
        select s.id, s.endpoint, s.p256dh, s.auth, o.push_hide_text as hide_text
        from claimed c join push_subscriptions s on s.id = c.subscription_id join operators o on o.id = s.operator_id`,
  );
  return rows.map((row) => ({ id: Number(row.id), endpoint: row.endpoint, p256dh: row.p256dh, auth: row.auth, hideText: row.hide_text }));
}

export async function markDelivered({ id }: { id: number }): Promise<void> {
  const db = await getDb();
  await db.execute(sql`update push_subscriptions set last_success_at = now() where id = ${id}`);
}

/** Devices made for another key than this server's (VAPID keys changed, or instances that do not share them). */
export async function countStaleSubscriptions({ vapidPublicKey }: { vapidPublicKey: string }): Promise<number> {
  const db = await getDb();
  const [row] = await selectRows<{ n: number | string }>(db, sql`select count(*) as n from push_subscriptions where vapid_public_key <> ${vapidPublicKey}`);
  return Number(row?.n ?? 0);
}
