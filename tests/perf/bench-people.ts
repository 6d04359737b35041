// `npm run bench:people [-- --postgres]`: the console's people list, one person's view and the morning digest on the search benchmark's data (10,000 conversations, 100,000 messages, 5,000
// requests), timed as the routes call them; prints p50/p95 per call.
import Module from 'node:module';
import { percentile, withSeededDatabase } from './seed-console';

// The person view describes visa answers with next-intl's translator; outside Next's bundler its
// react-server entry pulls in the client provider, so this process takes the same functions from
// its React-free core.
const resolver = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
const resolve = resolver._resolveFilename;
resolver._resolveFilename = (request, ...rest) => resolve(request === 'next-intl' ? 'use-intl/core' : request, ...rest);

const ROUNDS = 10;

void withSeededDatabase('bench-people', async (engine) => {
  const { listPeople } = await import('@/lib/people/service');
  const { buildDigest } = await import('@/lib/people/digest');
  const { getPersonDetail } = await import('@/lib/people/timeline-queries');
  let visit = 0;
  const calls: [string, () => Promise<unknown>][] = [
    ['list (open)', () => listPeople({ view: 'open' })],
    ['list (all)', () => listPeople({ view: 'all' })],
    ['list (follow_up)', () => listPeople({ view: 'follow_up' })],
    ['digest', () => buildDigest()],
    // One person's view (an address with requests and conversations), a different person each call.
    ['person view', () => getPersonDetail({ key: `email:person${(visit++ * 37) % 3000}@example.com` })],
  ];
  for (const [name, call] of calls) {
    await call();
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`${name} on ${engine}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms (${ROUNDS} rounds)`);
  }
});
