import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./', import.meta.url)),
      // What the server build resolves it to (its `react-server` export): the marker does nothing.
      'server-only': fileURLToPath(new URL('./node_modules/server-only/empty.js', import.meta.url)),
    },
  },
  test: {
    include: ['tests/unit/**/*.test.ts'],
    globalSetup: ['tests/unit/global-setup.ts'],
    environment: 'node',
    // Two shared cores: compiling every MDX post or hashing passwords at OWASP cost takes seconds
    // when a build runs beside the tests. A hang still fails, a slow machine does not.
    testTimeout: 30_000,
    // One file per core, not Vitest's default of one core less: on the two-core machines that is one
    // worker, and the suites spend much of their time waiting on PGlite, PostgreSQL and sockets
    // (134 s with one, 86 s with two, measured on an idle machine).
    maxWorkers: availableParallelism(),
  },
});
