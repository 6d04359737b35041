import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError } from '@/lib/log/describe-error';

// Real failures of the embedded PostgreSQL through Drizzle, as the app's queries meet them.
let client: PGlite;
let db: ReturnType<typeof drizzle>;

beforeAll(async () => {
  client = new PGlite();
  db = drizzle(client);
  await db.execute(sql`create table probe (id int primary key, email text unique, body text constraint body_short check (length(body) < 5))`);
  await db.execute(sql`insert into probe values (1, 'jean.dupont@example.com', 'ok')`);
}, 60_000);
afterAll(() => client.close());

async function failure(query: ReturnType<typeof sql>): Promise<unknown> {
  try {
    await db.execute(query);
  } catch (error) {
    return error;
  }
  throw new Error('the query did not fail');
}

describe('describeError', () => {
  it('gives a database error as its code, table and constraint, never the query or its values', async () => {
    const refused = await failure(sql`insert into probe values (2, ${'marie@example.org'}, ${'Mon dossier de visa, secret'})`);
    expect(String((refused as Error).message)).toContain('Mon dossier de visa');
    expect(describeError(refused)).toBe('database error 23514 table=probe constraint=body_short');

    const duplicate = await failure(sql`insert into probe values (3, ${'jean.dupont@example.com'}, ${'x'})`);
    expect(describeError(duplicate)).toBe('database error 23505 table=probe constraint=probe_email_key');
  });

  it('drops PostgreSQL messages that quote a value', async () => {
    const invalid = await failure(sql`select * from probe where id = ${'Dupont-42'}::int`);
    const line = describeError(invalid);
    expect(line).toBe('database error 22P02');
    expect(line).not.toContain('Dupont');
  });

  it('keeps other messages on one line, without URLs, addresses or the given secrets', () => {
    const smtp = Object.assign(new Error("Can't send mail - all recipients were rejected: 550 <marie@example.org>:\nRecipient address rejected"), {
      code: 'EENVELOPE',
    });
    expect(describeError(smtp)).toBe("EENVELOPE Can't send mail - all recipients were rejected: 550 <[email]>: Recipient address rejected");
    const fetchFailure = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED https://hook.example/x?token=s3cr3t-token'), { code: 'ECONNREFUSED' }),
    });
    expect(describeError(fetchFailure, ['s3cr3t-token'])).toBe('fetch failed (connect ECONNREFUSED [url])');
    expect(describeError('plain s3cr3t-token', ['s3cr3t-token'])).toBe('plain [redacted]');
  });
});
