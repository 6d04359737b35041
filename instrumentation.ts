/**
 * Next runs register() once per server process, before the first request: the start-up
 * (database, data-folder lock, migrations, first operator, retention job) lives in
 * lib/server-start.ts. A failure stops the process with a non-zero exit and its reason.
 */
export async function register() {
  // Framework-set variables: the edge runtime has no database, and `next build` serves nothing.
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  try {
    const { startServer } = await import('./lib/server-start');
    await startServer();
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
