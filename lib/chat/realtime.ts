import 'server-only';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { config } from '@/lib/config';
import { getDb, getDbHandle } from '@/lib/db/client';
import { toMessageDto } from './dto';
import type { ChatMessageDto } from './message';
import { isChatSignal, signalFor, type ChatSignal } from './signal';
import { CHAT_CHANNEL, getLastMessageId, listMessagesSince, type ChatMessage } from './queries';
import { receiveSessionEnd, SESSION_END_CHANNEL } from './session-ends';
import { describeError } from '@/lib/log/describe-error';

/** What an open console lists and rereads when told it changed (a new request, a person's stage…). */
export const CONSOLE_TOPICS = ['leads', 'people'] as const;
export type ConsoleTopic = (typeof CONSOLE_TOPICS)[number];

export type ChatEvent = { type: 'message'; message: ChatMessageDto } | ChatSignal | { type: 'changed'; topic: ConsoleTopic };
type Listener = (event: ChatEvent) => void;

const RECONNECT_MS = 1000;
const RECENT_IDS = 5000;
/** Typing and read signals: not stored, delivered to the instances listening at that moment. */
const SIGNAL_CHANNEL = 'chat_signals';
/** "Reread this list": the topic only, no personal data, to the consoles of every instance. */
const CHANGE_CHANNEL = 'console_changes';

interface Hub {
  all: Set<Listener>;
  bySession: Map<string, Set<Listener>>;
  operators: number;
  listening?: Promise<void>;
}

// One hub per process, whatever the number of module copies Next evaluates.
const HUB = Symbol.for('maurice-expat.chat-hub');
const holder = globalThis as { [HUB]?: Hub };
const hub: Hub = (holder[HUB] ??= { all: new Set(), bySession: new Map(), operators: 0 });

function dispatch(message: ChatMessageDto) {
  const event: ChatEvent = { type: 'message', message };
  for (const listener of hub.all) listener(event);
  for (const listener of hub.bySession.get(message.sessionId) ?? []) listener(event);
}

function dispatchSignal(signal: ChatSignal) {
  if (signalFor('operator', signal)) for (const listener of hub.all) listener(signal);
  if (signalFor('visitor', signal)) for (const listener of hub.bySession.get(signal.sessionId) ?? []) listener(signal);
}

function dispatchChange(topic: string | undefined) {
  const known = CONSOLE_TOPICS.find((name) => name === topic);
  if (!known) return;
  for (const listener of hub.all) listener({ type: 'changed', topic: known });
}

/**
 * With PostgreSQL, every instance LISTENs on a dedicated connection; a notification carries a
 * message id, and the instance reads what it has not seen yet (id > last seen, plus the notified
 * id, which a slower transaction may have committed out of order). After a reconnect the same
 * read replays what was missed.
 */
async function listenToPostgres(connectionString: string) {
  let lastSeen = await getLastMessageId();
  const recent = new Set<number>();
  const deliver = async (alsoId?: number) => {
    const rows = await listMessagesSince({ afterId: lastSeen, alsoId });
    for (const row of rows) {
      if (recent.has(row.id)) continue;
      recent.add(row.id);
      if (recent.size > RECENT_IDS) recent.delete(recent.values().next().value as number);
      lastSeen = Math.max(lastSeen, row.id);
      dispatch(toMessageDto(row));
    }
  };
  const connect = async () => {
    const client = new pg.Client({ connectionString });
    const retry = () => {
      client.removeAllListeners();
      client.end().catch(() => undefined);
      setTimeout(() => void connect(), RECONNECT_MS);
    };
    client.on('error', (error) => {
      console.error(`[chat] LISTEN connection lost: ${describeError(error)}`);
      retry();
    });
    client.on('notification', (notification) => {
      if (notification.channel === SIGNAL_CHANNEL) return receiveSignal(notification.payload);
      if (notification.channel === SESSION_END_CHANNEL) return receiveSessionEnd(notification.payload);
      if (notification.channel === CHANGE_CHANNEL) return dispatchChange(notification.payload);
      const id = Number(JSON.parse(notification.payload ?? '{}').id);
      deliver(Number.isFinite(id) ? id : undefined).catch((error: unknown) => console.error(`[chat] replay failed: ${describeError(error)}`));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHAT_CHANNEL}`);
      await client.query(`LISTEN ${SIGNAL_CHANNEL}`);
      await client.query(`LISTEN ${SESSION_END_CHANNEL}`);
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      await deliver();
    } catch (error) {
      console.error(`[chat] LISTEN failed: ${describeError(error)}`);
      retry();
    }
  };
  await connect();
}

function receiveSignal(payload: string | undefined) {
  try {
    const signal: unknown = JSON.parse(payload ?? '');
    if (isChatSignal(signal)) dispatchSignal(signal);
  } catch {
    // not ours
  }
}

async function ensureListening() {
  const url = config.database.databaseUrl;
  if (!url) return;
  hub.listening ??= (await getDbHandle(), listenToPostgres(url)).catch((error) => {
    hub.listening = undefined;
    throw error;
  });
  await hub.listening;
}

/** Called once a message is committed. PostgreSQL delivers through NOTIFY; PGlite is one process. */
export function publishMessage(message: ChatMessage) {
  if (!config.database.databaseUrl) dispatch(toMessageDto(message));
}

/** Sends a typing or read signal to the streams of every instance (PostgreSQL NOTIFY) or of this one. */
export async function publishSignal(signal: ChatSignal) {
  if (!config.database.databaseUrl) return dispatchSignal(signal);
  const db = await getDb();
  await db.execute(sql`select pg_notify(${SIGNAL_CHANNEL}, ${JSON.stringify(signal)})`);
}

/** Tells the consoles of every instance (PostgreSQL NOTIFY) or of this one to reread a list. */
export async function publishChange(topic: ConsoleTopic) {
  if (!config.database.databaseUrl) return dispatchChange(topic);
  const db = await getDb();
  await db.execute(sql`select pg_notify(${CHANGE_CHANNEL}, ${topic})`);
}

/** Listens to one session's new messages, or to every session's; returns the unsubscribe. */
export async function subscribeToChat(listener: Listener, { sessionId }: { sessionId?: string } = {}) {
  await ensureListening();
  let set = hub.all;
  if (sessionId) {
    set = hub.bySession.get(sessionId) ?? new Set();
    hub.bySession.set(sessionId, set);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
    if (sessionId && set.size === 0) hub.bySession.delete(sessionId);
  };
}

/** Operator consoles connected to this instance (notifications go out when there is none). */
export const operatorPresence = {
  enter(): () => void {
    hub.operators += 1;
    let left = false;
    return () => {
      if (!left) hub.operators -= 1;
      left = true;
    };
  },
  count: () => hub.operators,
};
