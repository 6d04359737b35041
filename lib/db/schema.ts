import { sql } from 'drizzle-orm';
import { bigint, check, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors lib/db/migrations/*.sql, which are the source of truth for the database itself.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    locale: text('locale').notNull(),
    startPage: text('start_page').notNull(),
    visitorEmail: text('visitor_email'),
    createdAt: createdAt(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    visitorLastReadId: bigint('visitor_last_read_id', { mode: 'number' }).notNull().default(0),
    operatorLastReadId: bigint('operator_last_read_id', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    check('chat_sessions_token_hash_check', sql`${table.tokenHash} ~ '^[0-9a-f]{64}$'`),
    index('chat_sessions_last_message_at_idx').on(table.lastMessageAt.desc()),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    sessionId: text('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['visitor', 'operator'] }).notNull(),
    content: text('content').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('messages_sender_check', sql`${table.sender} in ('visitor', 'operator')`),
    index('messages_session_id_id_idx').on(table.sessionId, table.id),
  ],
);

export const operators = pgTable(
  'operators',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    createdAt: createdAt(),
  },
  (table) => [check('operators_email_check', sql`${table.email} = lower(${table.email})`)],
);

export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: text('id').primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [
    check('operator_sessions_id_check', sql`${table.id} ~ '^[0-9a-f]{64}$'`),
    index('operator_sessions_operator_id_idx').on(table.operatorId),
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
  },
  (table) => [index('leads_created_at_idx').on(table.createdAt.desc()), index('leads_email_idx').on(table.email)],
);
