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
    environment: 'node',
    // Two shared cores: compiling every MDX post or hashing passwords at OWASP cost takes seconds
    // when a build runs beside the tests. A hang still fails, a slow machine does not.
    testTimeout: 30_000,
  },
});
