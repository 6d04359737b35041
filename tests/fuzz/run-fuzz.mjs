// `npm run fuzz [-- --per-route 10000 --port 3990 --seed 1]`: starts `next start` (a build must
// exist) on a fresh data folder, fuzzes every API route (tests/fuzz/fuzz-routes.mjs) and exits 1
// when any answer was a 5xx or no answer came.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { withNextServer } from '../perf/next-server.mjs';
import { fuzzRoutes, OPERATOR, seedFuzz } from './fuzz-routes.mjs';

const { values } = parseArgs({ options: { 'per-route': { type: 'string', default: '10000' }, port: { type: 'string', default: '3990' }, seed: { type: 'string', default: '1' } } });
seedFuzz(values.seed);
const env = { DATA_DIR: mkdtempSync(path.join(tmpdir(), 'fuzz-')), OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password, NEXT_TELEMETRY_DISABLED: '1' };
const { total } = await withNextServer(Number(values.port), (base, pid) => fuzzRoutes(base, pid, Number(values['per-route'])), env);
process.exitCode = total > 0 ? 1 : 0;
