// `npm run fuzz [-- --per-route 10000 --port 3990 --seed 1 --passes 1 --routes /api/leads,…]`:
// starts `next start` (a build must exist) on a fresh data folder, fuzzes every API route (or the
// listed ones; tests/fuzz/fuzz-routes.mjs) and exits 1 when any answer was a 5xx or no answer came.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withNextServer } from '../perf/next-server.mjs';
import { fuzzRoutes, OPERATOR, seedFuzz } from './fuzz-routes.mjs';

const { values } = parseArgs({
  options: {
    'per-route': { type: 'string', default: '10000' },
    port: { type: 'string', default: '3990' },
    seed: { type: 'string', default: '1' },
    routes: { type: 'string', default: '' },
    passes: { type: 'string', default: '1' },
  },
});
seedFuzz(values.seed);
const env = {
  DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fuzz-')),
  OPERATOR_EMAIL: OPERATOR.email,
  OPERATOR_PASSWORD: OPERATOR.password,
  NEXT_TELEMETRY_DISABLED: '1',
};
// Several passes on one server: memory that keeps growing from one pass to the next is a leak;
// memory that levels off is the runtime's heap settling.
const { total } = await withNextServer(
  Number(values.port),
  async (base, pid) => {
    let failures = 0;
    for (let pass = 1; pass <= Number(values.passes); pass += 1) {
      const {
        total: passFailures,
        before,
        after,
      } = await fuzzRoutes(base, pid, Number(values['per-route']), console.log, values.routes.split(',').filter(Boolean));
      console.log(`pass ${pass}: RSS ${before} → ${after} MB`);
      failures += passFailures;
    }
    return { total: failures };
  },
  env,
);
process.exitCode = total > 0 ? 1 : 0;
