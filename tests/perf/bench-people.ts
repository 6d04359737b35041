// `npm run bench:people [-- --postgres]`: the console's people list and the morning digest on the search benchmark's data (10,000 conversations, 100,000 messages, 5,000
// requests), timed as the routes call them; prints p50/p95 per call.
import { percentile, withSeededDatabase } from './seed-console';

const ROUNDS = 10;

void withSeededDatabase('bench-people', async (engine) => {
  const { listPeople } = await import('@/lib/people/service');
  const { buildDigest } = await import('@/lib/people/digest');
  const calls: [string, () => Promise<unknown>][] = [
    ['list (open)', () => listPeople({ view: 'open' })],
    ['list (all)', () => listPeople({ view: 'all' })],
    ['list (follow_up)', () => listPeople({ view: 'follow_up' })],
    ['digest', () => buildDigest()],
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
