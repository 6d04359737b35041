// `npm run bench:search [-- --postgres]`: seeds 10,000 conversations, 100,000 messages and 5,000
// requests (and 1,000 notes) into a fresh database, PGlite by default or a temporary PostgreSQL
// database, then times the console's search (lib/people/search-queries.ts) and prints p50/p95.
import { percentile, withSeededDatabase } from './seed-console';

const ROUNDS = 10;
const QUERIES = [
  'reunion',
  'Réunion',
  'ECOLE',
  'permis de travail',
  'curepipe',
  'grand baie',
  'visa',
  'retraite',
  'schule',
  'famiglia',
  'mudanza',
  'martin',
  'occupation permit',
  'déménagement',
  'zzzz-nothing',
  'paul',
];

void withSeededDatabase('bench-search', async (engine) => {
  const { searchPeople } = await import('@/lib/people/search-queries');
  for (const query of QUERIES) await searchPeople({ query });
  const times: number[] = [];
  let found = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of QUERIES) {
      const started = performance.now();
      found += (await searchPeople({ query })).length;
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `search on ${engine}: ${times.length} queries, p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (${(found / times.length).toFixed(1)} people per answer on average)`,
  );
});
