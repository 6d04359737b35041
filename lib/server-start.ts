/**
 * Runs the start-up (lib/startup.ts) or stops the process: an invalid variable (lib/config.ts
 * throws while being imported), a data folder held by another live process or an unreadable one
 * end with the reason on stderr and exit code 1, within seconds rather than on a later request.
 */
export async function startServerOrExit(): Promise<void> {
  try {
    const { startServer } = await import('./startup');
    await startServer();
  } catch (error) {
    console.error(`Start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
