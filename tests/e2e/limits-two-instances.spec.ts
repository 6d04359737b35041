import { expect, test } from './fixtures';
import type { NextServer } from './server-process';

// Two instances on one PostgreSQL: a client alternating between them gets each limit once, as
// from one instance (before, each counted in its own memory: the limit times two).

let a: NextServer;
let b: NextServer;

test.beforeAll(async ({ servers }) => {
  test.setTimeout(120_000);
  // The worker's PostgreSQL pair; each probe uses client addresses and e-mails no other test uses.
  ({ a, b } = await servers.postgres());
});

type Probe = { path: string; body: unknown };

/** Sends `count` requests from one client address, to the given instances in turn; the number not refused (429). */
async function admitted(servers: NextServer[], count: number, request: Probe, client: string) {
  let passed = 0;
  for (let i = 0; i < count; i += 1) {
    const response = await fetch(`${servers[i % servers.length]!.url}${request.path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: JSON.stringify(request.body),
    });
    expect(response.status, await response.text()).not.toBe(500);
    if (response.status !== 429) passed += 1;
  }
  return passed;
}

// Each limit is probed from two fresh client addresses: one instance, then both in turn.
const LIMITS: { what: string; limit: number; sent: number; probe: (run: string) => Probe }[] = [
  { what: 'new conversations (a minute)', limit: 10, sent: 25, probe: () => ({ path: '/api/chat/sessions', body: { locale: 'fr', startPage: '/fr' } }) },
  { what: 'visa checks (a minute)', limit: 30, sent: 50, probe: () => ({ path: '/api/visa-check', body: {} }) },
  // Failures per (e-mail, client) in 15 minutes; an e-mail per run, so that no delay adds up.
  {
    what: 'failed operator logins',
    limit: 5,
    sent: 8,
    probe: (run) => ({ path: '/api/admin/login', body: { email: `nobody-${run}@example.test`, password: 'not-the-password' } }),
  },
];

LIMITS.forEach(({ what, limit, sent, probe }, index) => {
  test(`${what}: ${limit} per client, with one instance as with two`, async () => {
    const one = await admitted([a], sent, probe('one'), `198.18.51.${2 * index + 1}`);
    const two = await admitted([a, b], sent, probe('two'), `198.18.51.${2 * index + 2}`);
    console.log(`[limits] ${what}, admitted out of ${sent}: one instance ${one}, two instances ${two}`);
    expect(one).toBe(limit);
    expect(two).toBe(limit);
  });
});
