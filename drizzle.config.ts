import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -- --name <what_changed>` writes the next migration from lib/db/schema.ts.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema.ts',
  out: './lib/db/migrations',
});
