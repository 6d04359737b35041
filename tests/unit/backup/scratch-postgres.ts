import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ADMIN_DATABASE_URL } from '../db/test-database';

async function withAdmin(run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await run(admin);
  } finally {
    await admin.end();
  }
}

/** Empty PostgreSQL databases for one test file, dropped by `dropAll`. */
export function scratchDatabases(prefix: string) {
  const created: string[] = [];
  return {
    async create(): Promise<string> {
      const name = `${prefix}_${randomBytes(4).toString('hex')}`;
      await withAdmin((admin) => admin.query(`create database ${name}`));
      created.push(name);
      const url = new URL(ADMIN_DATABASE_URL);
      url.pathname = `/${name}`;
      return url.toString();
    },
    dropAll: () => withAdmin(async (admin) => Promise.all(created.map((name) => admin.query(`drop database if exists ${name} with (force)`)))),
  };
}
