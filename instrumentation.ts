/**
 * Next runs register() once per server process, before the first request (never during
 * `next build`): open the database, take the data-folder lock, apply migrations, create the first
 * operator, wire the event subscribers (lib/subscribers.ts) and start the background jobs
 * (lib/scheduled-jobs.ts) — lib/startup.ts. A failure stops the process.
 */
export async function register() {
  // Set by Next: the edge runtime has no database.
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // First: the event streams are served before Next's request chain from the first request on.
  const { installStreamServer } = await import('./lib/chat/stream-server');
  installStreamServer();
  // And a login flood's refusals (lib/auth/login-gate.ts).
  const { installLoginGate } = await import('./lib/auth/login-gate');
  installLoginGate();
  // And the pages: Next's scripts asked for once the page is on screen (lib/paint-first).
  if (process.env.NODE_ENV === 'production') {
    const { installPaintFirst } = await import('./lib/paint-first/server');
    installPaintFirst();
  }
  const { placeholderWarning } = await import('./lib/content/placeholders');
  const warning = process.env.NODE_ENV === 'production' ? placeholderWarning() : null;
  if (warning) console.warn(warning);
  const { startServerOrExit } = await import('./lib/server-start');
  await startServerOrExit();
}
