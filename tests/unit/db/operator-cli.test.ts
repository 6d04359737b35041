import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyOperatorLogin } from '@/lib/auth/operators';
import { closeDb, openAppDatabase } from '@/lib/db/client';
import { runNode } from './run-node';

const root = mkdtempSync(path.join(tmpdir(), 'operator-cli-'));
const env = { DATA_DIR: path.join(root, 'data'), DATABASE_URL: '' };
const addOperator = (args: string[], input = '') => runNode(['lib/cli/operator-add.ts', ...args], { env, input });

describe('npm run operator:add', () => {
  beforeAll(async () => {
    const migrate = await runNode(['lib/cli/db-migrate.ts'], { env });
    expect(migrate).toMatchObject({ code: 0, stderr: '' });
    expect(migrate.stdout).toContain('applied 0000_baseline');
  }, 120_000);

  afterAll(async () => {
    await closeDb();
    rmSync(root, { recursive: true, force: true });
  });

  it('creates an operator with the password piped on standard input: the first is an admin', async () => {
    const run = await addOperator(['--email', 'Ops@Example.com'], 'piped-password-1\nignored second line\n');
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toContain('Operator ops@example.com created (admin).');
  }, 60_000);

  it('makes the next ones agents unless --role admin', async () => {
    const agent = await addOperator(['--email', 'agent@example.com'], 'agent-password-1\n');
    expect(agent.stdout).toContain('Operator agent@example.com created (agent).');
    const admin = await addOperator(['--email', 'second.admin@example.com', '--role', 'admin'], 'admin-password-2\n');
    expect(admin.stdout).toContain('Operator second.admin@example.com created (admin).');
  }, 60_000);

  it.each([
    [[], 'ok-password-123\n', 'Missing --email.'],
    [['--email', 'not-an-email'], 'ok-password-123\n', 'Invalid e-mail address: "not-an-email".'],
    [['--email', 'new@example.com'], 'elevenchars\n', 'at least 12 characters'],
    [['--email', 'new@example.com'], '', 'No password on standard input.'],
    [['--email', 'OPS@example.com'], 'another-password\n', 'An operator with the e-mail ops@example.com already exists.'],
    [['--mail', 'new@example.com'], 'ok-password-123\n', "Unknown option '--mail'"],
    [['--email', 'new@example.com', '--role', 'owner'], 'ok-password-123\n', '--role is agent or admin, not "owner".'],
  ])(
    'fails clearly with %j',
    async (args, input, message) => {
      const run = await addOperator(args, input);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(message);
    },
    60_000,
  );

  it('leaves an account the login accepts', async () => {
    await openAppDatabase({ dataDir: env.DATA_DIR, databaseUrl: undefined });
    expect(await verifyOperatorLogin({ email: 'ops@example.com', password: 'piped-password-1' })).toMatchObject({
      email: 'ops@example.com',
    });
    expect(await verifyOperatorLogin({ email: 'ops@example.com', password: 'ignored second line' })).toBeNull();
  }, 60_000);
});
