import { fuzzRoutes, OPERATOR } from '../fuzz/fuzz-routes.mjs';
import { expect, test } from './fixtures';
import { startServer, tempDataDir } from './server-process';

import { HEAVY } from './heavy';

// The full run is `npm run fuzz` (10,000 requests per route); the suite keeps a quick one.
const PER_ROUTE = HEAVY.fuzzPerRoute;

test('random and mutated requests to every API route never get a 5xx', async ({ servers }) => {
  test.setTimeout(600_000);
  const server = await startServer(servers.port(0), { DATA_DIR: tempDataDir(), OPERATOR_EMAIL: OPERATOR.email, OPERATOR_PASSWORD: OPERATOR.password });
  try {
    const { report, total } = await fuzzRoutes(server.url, server.process.pid!, PER_ROUTE, () => undefined);
    expect(report.filter((row) => row.fiveXx > 0)).toEqual([]);
    expect(total).toBe(0);
  } finally {
    await server.stop();
  }
});
