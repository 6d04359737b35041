import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';

// The only description of the tables: `npm run db:generate` writes lib/db/migrations from it, and
// a test fails when the two disagree. Constraint and index names are PostgreSQL's own defaults, so
// that databases created by the former hand-written SQL (0001_init, 0002_leads) are identical.

/** Letters the console's search folds to plain ASCII in the five site languages (lib/people/search-text.ts highlights with the same table). */
export const SEARCH_ACCENTED = 'àáâãäåāèéêëēìíîïòóôõöøùúûüýÿçñÀÁÂÃÄÅĀÈÉÊËĒÌÍÎÏÒÓÔÕÖØÙÚÛÜÝŸÇÑ';
export const SEARCH_UNACCENTED = 'aaaaaaaeeeeeiiiioooooouuuuyycnaaaaaaaeeeeeiiiioooooouuuuyycn';
/** Two-letter ligatures and ß, replaced before the one-to-one table. */
export const SEARCH_LIGATURES: [string, string][] = [
  ['œ', 'oe'],
  ['Œ', 'oe'],
  ['æ', 'ae'],
  ['Æ', 'ae'],
  ['ß', 'ss'],
];

/**
 * The text the console's search indexes and matches (lib/people/search-queries.ts): ligatures,
 * then accents, then case folded, as a 'simple' tsvector, stored in a generated `search` column
 * with a GIN index; queries fold their words with the same table (lib/people/search-text.ts).
 */
export function searchVector(column: SQL): SQL {
  const ligatures = SEARCH_LIGATURES.reduce((inner, [from, to]) => sql`replace(${inner}, ${sql.raw(`'${from}'`)}, ${sql.raw(`'${to}'`)})`, column);
  return sql`to_tsvector('simple'::regconfig, lower(translate(${ligatures}, ${sql.raw(`'${SEARCH_ACCENTED}'`)}, ${sql.raw(`'${SEARCH_UNACCENTED}'`)})))`;
}

/** A stored `tsvector`: the search reads it instead of folding every candidate row again. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const searchColumn = (expression: () => SQL) => tsvector('search').generatedAlwaysAs(expression);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * A person the agency deals with, stored once: every request, conversation and console record
 * carries the id of the person it belongs to, written when it is created or linked. A typed
 * address (`email`) is only a claim until `email_verified` (the link e-mailed to it was opened):
 * until then the person never joins another who has the same address, unless an operator merges
 * them. `merged_into` points a merged person at the one it was merged into (undone by clearing
 * it); `root_id` is the end of that chain (null for a person not merged), kept by the merges, so
 * that a person's rows, through merges of any depth, are `id = root or root_id = root`. `name` and
 * `phone` are an operator's corrections (rectification); null shows what the person typed last.
 */
export const people = pgTable(
  'people',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email'),
    emailVerified: boolean('email_verified').notNull().default(false),
    name: text('name'),
    phone: text('phone'),
    mergedInto: bigint('merged_into', { mode: 'number' }),
    rootId: bigint('root_id', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'people_merged_into_fkey', columns: [table.mergedInto], foreignColumns: [table.id] }).onDelete('set null'),
    foreignKey({ name: 'people_root_id_fkey', columns: [table.rootId], foreignColumns: [table.id] }).onDelete('set null'),
    check('people_email_check', sql`${table.email} = lower(${table.email})`),
    index('people_email_idx')
      .on(table.email)
      .where(sql`${table.email} is not null`),
    index('people_root_id_idx')
      .on(table.rootId)
      .where(sql`${table.rootId} is not null`),
    index('people_merged_into_idx')
      .on(table.mergedInto)
      .where(sql`${table.mergedInto} is not null`),
  ],
);

/** The person a row belongs to: written by the use case that creates or links the row. */
const personId = () => bigint('person_id', { mode: 'number' }).notNull();

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    locale: text('locale').notNull(),
    startPage: text('start_page').notNull(),
    visitorEmail: text('visitor_email'),
    /** False for every address typed in the site's forms: nobody proved they own it. */
    visitorEmailVerified: boolean('visitor_email_verified').notNull().default(false),
    /** The visitor left the address in the chat for replies (a lead's address only links the conversation). */
    visitorEmailReplies: boolean('visitor_email_replies').notNull().default(false),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    visitorLastReadId: bigint('visitor_last_read_id', { mode: 'number' }).notNull().default(0),
    operatorLastReadId: bigint('operator_last_read_id', { mode: 'number' }).notNull().default(0),
    /** Operator replies up to this id were e-mailed (or claimed for it) by one instance: moved forward atomically. */
    visitorEmailedThroughId: bigint('visitor_emailed_through_id', { mode: 'number' }).notNull().default(0),
    /** Visitor messages up to this id were pushed to the operators' devices as unread (or claimed for it) by one instance. */
    operatorPushedThroughId: bigint('operator_pushed_through_id', { mode: 'number' }).notNull().default(0),
    /** 'snoozed' counts as open once `snoozed_until` has passed (compared at read time, so every instance agrees); a visitor's message reopens. */
    status: text('status', { enum: ['open', 'resolved', 'snoozed'] })
      .notNull()
      .default('open'),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    /** The first visitor message not answered yet (null once an operator replies): kept by saveMessage, so the console's list reads no message to sort. */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    personId: personId(),
  },
  (table) => [
    unique('chat_sessions_token_hash_key').on(table.tokenHash),
    check('chat_sessions_token_hash_check', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index('chat_sessions_last_message_at_idx')
      .on(table.lastMessageAt.desc().nullsFirst())
      .where(sql`${table.lastMessageAt} is not null`),
    index('chat_sessions_visitor_email_idx')
      .on(table.visitorEmail)
      .where(sql`${table.visitorEmail} is not null`),
    check('chat_sessions_status_check', sql`${table.status} in ('open', 'resolved', 'snoozed')`),
    foreignKey({ name: 'chat_sessions_person_id_fkey', columns: [table.personId], foreignColumns: [people.id] }),
    index('chat_sessions_person_id_idx').on(table.personId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text('session_id').notNull(),
    sender: text('sender', { enum: ['visitor', 'operator'] }).notNull(),
    content: text('content').notNull(),
    /** The widget's idempotency key: a retried send finds its message instead of adding another. */
    clientId: text('client_id'),
    /** 'booking': the operator's "book a call" card, whose content is the booking calendar's URL. */
    kind: text('kind', { enum: ['text', 'booking'] })
      .notNull()
      .default('text'),
    createdAt: createdAt(),
    search: searchColumn(() => searchVector(sql`content`)),
  },
  (table) => [
    unique('messages_session_id_client_id_key').on(table.sessionId, table.clientId),
    foreignKey({ name: 'messages_session_id_fkey', columns: [table.sessionId], foreignColumns: [chatSessions.id] }).onDelete('cascade'),
    check('messages_sender_check', sql`${table.sender} in ('visitor', 'operator')`),
    index('messages_session_id_id_idx').on(table.sessionId, table.id),
    // The console's search (lib/people/search-queries.ts): same expression, accents and case folded.
    index('messages_search_idx').using('gin', table.search),
  ],
);

/**
 * The visitor's trail: the pages opened once a conversation exists (lib/chat/trail.ts), erased
 * with the conversation; at most MAX_TRAIL_ENTRIES per conversation, the oldest dropped.
 */
export const chatTrail = pgTable(
  'chat_trail',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text('session_id').notNull(),
    path: text('path').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'chat_trail_session_id_fkey', columns: [table.sessionId], foreignColumns: [chatSessions.id] }).onDelete('cascade'),
    index('chat_trail_session_id_id_idx').on(table.sessionId, table.id),
  ],
);

// Credentials a conversation gives out besides its own bearer token, stored as SHA-256 hashes:
// 'link' = the token of an e-mail's "back to the conversation" and "erase it" links (expires);
// 'bearer' = a browser's token, issued when such a link is opened. Both go with the conversation.
export const chatSessionTokens = pgTable(
  'chat_session_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id').notNull(),
    kind: text('kind', { enum: ['link', 'bearer'] }).notNull(),
    /** A link's: the address it was e-mailed to (opening it proves that address, if the conversation still has it). */
    email: text('email'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A link's: when it was opened. A link opens its conversation once; the mail can ask for a new one. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'chat_session_tokens_session_id_fkey', columns: [table.sessionId], foreignColumns: [chatSessions.id] }).onDelete('cascade'),
    check('chat_session_tokens_token_hash_check', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    check('chat_session_tokens_kind_check', sql`${table.kind} in ('link', 'bearer')`),
    index('chat_session_tokens_session_id_idx').on(table.sessionId),
  ],
);

export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
    /** Set by `npm run operator:disable`: no login, no session. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    /** Push notifications to this operator's devices say who, never what the visitor wrote (lock screens): the default; the operator may turn the text on. */
    pushHideText: boolean('push_hide_text').notNull().default(true),
    /** The TOTP key (RFC 6238), sealed with a key derived from the session secret (lib/auth/totp.ts); set at enrolment, confirmed by `totpEnabledAt`. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: timestamp('totp_enabled_at', { withTimezone: true }),
    /** The last TOTP time step accepted: a code is used once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }).notNull().default(0),
    /** The second factor is required MFA_GRACE_DAYS after this: the account's creation (or the upgrade that brought second factors). */
    mfaGraceFrom: timestamp('mfa_grace_from', { withTimezone: true }).notNull().defaultNow(),
    /** Changing the password forgets the devices that signed in before (their login lane, lib/auth/known-device.ts). */
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }),
    /** `admin` or `agent` (lib/auth/roles.ts): what only an admin may do is refused to an agent. */
    role: text('role').notNull().default('agent'),
    /** An operator added in the console sets a password through a link: the SHA-256 of its token, until used or expired. */
    invitationHash: text('invitation_hash'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
  },
  (table) => [
    unique('operators_email_key').on(table.email),
    check('operators_email_check', sql`${table.email} = lower(${table.email})`),
    check('operators_role_check', sql`${table.role} in ('admin', 'agent')`),
    unique('operators_invitation_hash_key').on(table.invitationHash),
  ],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the second factor was given; null: the password only (the session may do nothing but give it, or enrol). */
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true }),
    /** Kept by every request of an open console (at most once a minute): the session ends after SESSION_IDLE_MINUTES without one. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** What the "Sécurité" page shows of the session: the browser and the address it signed in from. */
    userAgent: text('user_agent'),
    address: text('address'),
    /** A WebAuthn challenge waiting for its answer (registration or sign-in), and wrong codes given in this session. */
    challenge: text('challenge'),
    factorFailures: integer('factor_failures').notNull().default(0),
    /** When the password and every factor were last given in this session (sign-in, or the Sécurité page asking again): factor changes need it recent. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
    /** The pending WebAuthn challenge is answered before this, or not at all. */
    challengeExpiresAt: timestamp('challenge_expires_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'operator_sessions_operator_id_fkey', columns: [table.operatorId], foreignColumns: [operators.id] }).onDelete('cascade'),
    check('operator_sessions_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`),
    index('operator_sessions_operator_id_idx').on(table.operatorId),
  ],
);

/** An operator's single-use recovery codes (lib/auth/recovery-codes.ts): 120 random bits each, so SHA-256 only; shown once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'operator_recovery_codes_operator_id_fkey', columns: [table.operatorId], foreignColumns: [operators.id] }).onDelete('cascade'),
    unique('operator_recovery_codes_code_key').on(table.operatorId, table.codeHash),
  ],
);

/** An operator's passkeys (WebAuthn credentials, lib/auth/passkeys.ts): the public key and its signature counter. */
export const operatorPasskeys = pgTable(
  'operator_passkeys',
  {
    /** The credential id, base64url. */
    id: text('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    name: text('name').notNull(),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({ name: 'operator_passkeys_operator_id_fkey', columns: [table.operatorId], foreignColumns: [operators.id] }).onDelete('cascade'),
    index('operator_passkeys_operator_id_idx').on(table.operatorId),
  ],
);

export type Sender = (typeof messages.$inferSelect)['sender'];

export const leads = pgTable(
  'leads',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    source: text('source', { enum: ['contact', 'visa'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    details: jsonb('details'),
    consentAt: timestamp('consent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    search: searchColumn(() => searchVector(sql`name || ' ' || email || ' ' || message`)),
    personId: personId(),
  },
  (table) => [
    check('leads_source_check', sql`${table.source} in ('contact', 'visa')`),
    check('leads_email_check', sql`${table.email} = lower(${table.email})`),
    index('leads_created_at_idx').on(table.createdAt.desc().nullsFirst()),
    index('leads_email_idx').on(table.email),
    index('leads_search_idx').using('gin', table.search),
    foreignKey({ name: 'leads_person_id_fkey', columns: [table.personId], foreignColumns: [people.id] }),
    index('leads_person_id_idx').on(table.personId),
  ],
);

/** One row per server process with the number of consoles it streams to, renewed every 15 s: "online now" across instances. */
export const operatorPresence = pgTable('operator_presence', {
  instanceId: text('instance_id').primaryKey(),
  consoles: integer('consoles').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

// One row per e-mail the site sends to an address a visitor typed (visa result, chat reply): the
// per-recipient and site-wide budgets count these rows, so they hold across restarts and
// instances. The address is kept only as a SHA-256 hash; rows older than a day are purged.
export const emailSends = pgTable(
  'email_sends',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    recipientHash: text('recipient_hash').notNull(),
    createdAt: createdAt(),
    /** Whose budget the mail counts in: visitors' mails (visa results, chat replies) or a client's own request for a dossier link. */
    purpose: text('purpose', { enum: ['visitor', 'dossier_link'] })
      .notNull()
      .default('visitor'),
  },
  (table) => [
    check('email_sends_recipient_hash_check', sql`${table.recipientHash} ~ '^[0-9a-f]{64}$'`),
    check('email_sends_purpose_check', sql`${table.purpose} in ('visitor', 'dossier_link')`),
    index('email_sends_recipient_hash_created_at_idx').on(table.recipientHash, table.createdAt),
    index('email_sends_created_at_idx').on(table.createdAt),
  ],
);

// The rate limits' counters when several instances share PostgreSQL (lib/api/rate-limit.ts): the
// layout rate-limiter-flexible's RateLimiterPostgres reads and writes, one row per limiter and key,
// `expire` in milliseconds since 1970. Expired rows are purged every minute, and past a cap the
// soonest to expire go first. PGlite (one instance) counts in memory and leaves it empty.
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

/**
 * The operator's canned replies, inserted in the console with `/shortcut`: one text per site
 * language, French required (the fallback when the conversation's language has none).
 */
export const cannedReplies = pgTable(
  'canned_replies',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    shortcut: text('shortcut').notNull(),
    textFr: text('text_fr').notNull(),
    textEn: text('text_en'),
    textEs: text('text_es'),
    textDe: text('text_de'),
    textIt: text('text_it'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('canned_replies_shortcut_key').on(table.shortcut),
    check('canned_replies_shortcut_check', sql`${table.shortcut} ~ '^[a-z0-9][a-z0-9-]{0,31}$'`),
  ],
);

/**
 * What the console keeps about a person (lib/people): one record per person (`person_id`), made
 * by the first operator action. `key` is `person:<id>`; records made before people were stored
 * keep their `email:<address>` or `chat:<session id>` key, and with it old links resolve.
 * The stage and follow-up shown are those of the person at the end of the merges (people.root_id).
 */
export const personRecords = pgTable(
  'person_records',
  {
    key: text('key').primaryKey(),
    stage: text('stage', { enum: ['new', 'qualified', 'consultation', 'in_progress', 'client', 'lost'] })
      .notNull()
      .default('new'),
    lostReason: text('lost_reason'),
    followUpAt: timestamp('follow_up_at', { withTimezone: true }),
    followUpReason: text('follow_up_reason'),
    createdAt: createdAt(),
    personId: personId(),
  },
  (table) => [
    unique('person_records_person_id_key').on(table.personId),
    foreignKey({ name: 'person_records_person_id_fkey', columns: [table.personId], foreignColumns: [people.id] }).onDelete('cascade'),
    check('person_records_key_check', sql`${table.key} ~ '^(email|chat|person):.+$'`),
    check('person_records_stage_check', sql`${table.stage} in ('new', 'qualified', 'consultation', 'in_progress', 'client', 'lost')`),
    index('person_records_follow_up_at_idx')
      .on(table.followUpAt)
      .where(sql`${table.followUpAt} is not null`),
  ],
);

/** A person's history: operators' notes (private), stage changes, follow-ups, merges, corrections (rectify), and an address proven by its link (verify); deleted with the record. */
export const personEvents = pgTable(
  'person_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    personKey: text('person_key').notNull(),
    kind: text('kind', { enum: ['note', 'stage', 'follow_up', 'merge', 'unmerge', 'rectify', 'verify'] }).notNull(),
    stage: text('stage'),
    body: text('body').notNull().default(''),
    operatorEmail: text('operator_email').notNull(),
    createdAt: createdAt(),
    search: searchColumn(() => searchVector(sql`body`)),
  },
  (table) => [
    foreignKey({ name: 'person_events_person_key_fkey', columns: [table.personKey], foreignColumns: [personRecords.key] }).onDelete('cascade'),
    check('person_events_kind_check', sql`${table.kind} in ('note', 'stage', 'follow_up', 'merge', 'unmerge', 'rectify', 'verify')`),
    index('person_events_person_key_id_idx').on(table.personKey, table.id),
    index('person_events_search_idx')
      .using('gin', table.search)
      .where(sql`${table.kind} = 'note'`),
  ],
);

/** Visa-finder checks per Mauritius day: a number only, no person, no address (the dashboard's counts). */
export const visaCheckCounts = pgTable('visa_check_counts', {
  day: date('day', { mode: 'string' }).primaryKey(),
  checks: integer('checks').notNull().default(0),
});

/** One row per daily job and Mauritius day, inserted by the one instance that runs it (the operators' digest). */
export const jobClaims = pgTable(
  'job_claims',
  {
    job: text('job').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ name: 'job_claims_pkey', columns: [table.job, table.day] })],
);

/** The longest push endpoint accepted (the push services' own are 150–400 characters). */
export const MAX_PUSH_ENDPOINT_LENGTH = 1024;

/**
 * The devices an operator receives push notifications on (lib/push): the push service's endpoint
 * and the browser's keys, the name shown in the console, the VAPID public key it was made for,
 * and the operator session that subscribed it last (logging that session out removes it).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
    sessionId: text('session_id'),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    name: text('name').notNull(),
    vapidPublicKey: text('vapid_public_key').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (table) => [
    unique('push_subscriptions_endpoint_key').on(table.endpoint),
    foreignKey({ name: 'push_subscriptions_operator_id_fkey', columns: [table.operatorId], foreignColumns: [operators.id] }).onDelete('cascade'),
    foreignKey({ name: 'push_subscriptions_session_id_fkey', columns: [table.sessionId], foreignColumns: [operatorSessions.id] }).onDelete('set null'),
    check('push_subscriptions_endpoint_check', sql`char_length(${table.endpoint}) <= ${sql.raw(String(MAX_PUSH_ENDPOINT_LENGTH))}`),
    check('push_subscriptions_name_check', sql`char_length(${table.name}) between 1 and 60`),
    index('push_subscriptions_operator_id_idx').on(table.operatorId),
    index('push_subscriptions_session_id_idx').on(table.sessionId),
  ],
);

/**
 * One row per event and device, inserted before the push is sent: of the instances that see an
 * event, the one whose insert succeeds sends it. The event is kept as a SHA-256 (no visitor's
 * address in it); rows are purged after PUSH_DELIVERY_RETENTION_DAYS.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    eventHash: text('event_hash').notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ name: 'push_deliveries_pkey', columns: [table.eventHash, table.subscriptionId] }),
    foreignKey({ name: 'push_deliveries_subscription_id_fkey', columns: [table.subscriptionId], foreignColumns: [pushSubscriptions.id] }).onDelete('cascade'),
    check('push_deliveries_event_hash_check', sql`${table.eventHash} ~ '^[0-9a-f]{64}$'`),
    index('push_deliveries_created_at_idx').on(table.createdAt),
    index('push_deliveries_subscription_id_idx').on(table.subscriptionId),
  ],
);

/**
 * The audit trail (lib/audit): who did what in the console, when, from which client address and
 * session. Append-only: the code inserts and the retention purge deletes, nothing else (a trigger
 * of the migration refuses any other UPDATE, DELETE or TRUNCATE). No foreign key: entries outlive
 * the sessions, operators and people they name, and erasure never reaches them. `target` and
 * `detail` hold ids and counts, never a client's name, address or words.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    action: text('action').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    /** The operator's e-mail as it was then. */
    operatorEmail: text('operator_email'),
    /** The first characters of the stored session id (operator_sessions.id, itself a SHA-256). */
    sessionRef: text('session_ref'),
    address: text('address'),
    target: text('target'),
    detail: jsonb('detail').$type<Record<string, string | number | boolean>>().notNull().default({}),
    /**
     * The chain (lib/audit/chain.ts), written by the insert trigger under the lock of `audit_chain`:
     * the entry's place (1, 2, 3… without gaps), the digest of the entry before and its own (SHA-256
     * over its content and `prev_digest`). The defaults are overwritten on every insert.
     */
    seq: bigint('seq', { mode: 'number' }).notNull().default(0),
    prevDigest: text('prev_digest').notNull().default(''),
    digest: text('digest').notNull().default(''),
  },
  (table) => [
    check('audit_log_action_check', sql`${table.action} ~ '^[a-z][a-z_]{0,39}$'`),
    check('audit_log_target_check', sql`char_length(${table.target}) <= 200`),
    index('audit_log_at_idx').on(table.at),
    index('audit_log_action_at_idx').on(table.action, table.at),
    index('audit_log_target_idx').on(table.target),
    unique('audit_log_seq_key').on(table.seq),
  ],
);

/**
 * The journal's chain in one row: its head (the last entry's place and digest), which every insert
 * locks and moves, and its anchor (the last purged entry's), where checking starts after a purge.
 */
export const auditChain = pgTable(
  'audit_chain',
  {
    id: integer('id').primaryKey().default(1),
    headSeq: bigint('head_seq', { mode: 'number' }).notNull().default(0),
    headDigest: text('head_digest').notNull().default(''),
    anchorSeq: bigint('anchor_seq', { mode: 'number' }).notNull().default(0),
    anchorDigest: text('anchor_digest').notNull().default(''),
  },
  (table) => [check('audit_chain_one_row', sql`${table.id} = 1`)],
);

/**
 * Each backup and each verified restore (lib/backup), whichever process ran it: the console's
 * dashboard reads the last ones, and the alert job the failures it has not yet reported.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    kind: text('kind', { enum: ['backup', 'verify'] }).notNull(),
    ok: boolean('ok').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** The backup's file name (never a path outside BACKUP_DIR), its size and how long the run took. */
    file: text('file'),
    bytes: bigint('bytes', { mode: 'number' }),
    durationMs: integer('duration_ms'),
    /** Why it failed: a tool's or the disk's message, no personal data. */
    error: text('error'),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
  },
  (table) => [index('backup_runs_kind_at_idx').on(table.kind, table.at)],
);

/**
 * A client's dossier for one permit (lib/dossier): the documents the permit needs, asked for,
 * received and checked, with the dates that make them valid and the application's milestones.
 * Deleted with the person (erasure removes the stored files first); `closed_at` starts the
 * retention clock of its files (DOSSIER_RETENTION_DAYS).
 */
export const dossiers = pgTable(
  'dossiers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    personId: personId(),
    permit: text('permit').notNull(),
    nationality: text('nationality').notNull(),
    /** The client's language: the page, the e-mails and the refusal reasons they read. */
    locale: text('locale').notNull(),
    targetDate: date('target_date', { mode: 'string' }).notNull(),
    /** The client's address for the link (the person's, or one the operator typed). */
    email: text('email').notNull(),
    completeAt: timestamp('complete_at', { withTimezone: true }),
    submittedAt: date('submitted_at', { mode: 'string' }),
    edbReference: text('edb_reference'),
    decision: text('decision', { enum: ['approved', 'refused'] }),
    decidedAt: date('decided_at', { mode: 'string' }),
    permitIssuedAt: date('permit_issued_at', { mode: 'string' }),
    permitEndsAt: date('permit_ends_at', { mode: 'string' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'dossiers_person_id_fkey', columns: [table.personId], foreignColumns: [people.id] }).onDelete('cascade'),
    check('dossiers_decision_check', sql`${table.decision} in ('approved', 'refused')`),
    check('dossiers_email_check', sql`${table.email} = lower(${table.email})`),
    index('dossiers_person_id_idx').on(table.personId),
    index('dossiers_closed_at_idx').on(table.closedAt),
  ],
);

/** One document a dossier asks for: from the visa engine (`document_id`) or added by an operator (`label` only). */
export const dossierItems = pgTable(
  'dossier_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    dossierId: bigint('dossier_id', { mode: 'number' }).notNull(),
    documentId: text('document_id'),
    /** An operator's name for the item (added or renamed); null shows the engine's text. */
    label: text('label'),
    position: integer('position').notNull(),
    state: text('state', { enum: ['requested', 'received', 'to_check', 'validated', 'refused'] })
      .notNull()
      .default('requested'),
    /** A reason of the list (`code:<id>`, shown in the client's language) or an operator's words. */
    refusalReason: text('refusal_reason'),
    expiresOn: date('expires_on', { mode: 'string' }),
    issuedOn: date('issued_on', { mode: 'string' }),
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'dossier_items_dossier_id_fkey', columns: [table.dossierId], foreignColumns: [dossiers.id] }).onDelete('cascade'),
    check('dossier_items_state_check', sql`${table.state} in ('requested', 'received', 'to_check', 'validated', 'refused')`),
    index('dossier_items_dossier_id_idx').on(table.dossierId, table.position),
  ],
);

/** A stored page of an item: encrypted under FILES_DIR as `storage_key` (lib/dossier/storage.ts); what it was named, its type and digest. */
export const dossierFiles = pgTable(
  'dossier_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    /** Set when an operator refused the item with this page in it: kept until retention, never archived. */
    refusedAt: timestamp('refused_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'dossier_files_item_id_fkey', columns: [table.itemId], foreignColumns: [dossierItems.id] }).onDelete('cascade'),
    unique('dossier_files_storage_key_key').on(table.storageKey),
    index('dossier_files_item_id_idx').on(table.itemId),
  ],
);

/**
 * The client's way in: a link e-mailed (`kind = 'link'`, single use) that, opened, becomes a
 * browser session (`kind = 'session'`, a cookie). Only SHA-256 digests of the tokens are stored.
 */
export const dossierAccess = pgTable(
  'dossier_access',
  {
    tokenHash: text('token_hash').primaryKey(),
    dossierId: bigint('dossier_id', { mode: 'number' }).notNull(),
    kind: text('kind', { enum: ['link', 'session'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'dossier_access_dossier_id_fkey', columns: [table.dossierId], foreignColumns: [dossiers.id] }).onDelete('cascade'),
    check('dossier_access_kind_check', sql`${table.kind} in ('link', 'session')`),
    index('dossier_access_dossier_id_idx').on(table.dossierId),
  ],
);
