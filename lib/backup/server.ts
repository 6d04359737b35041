import 'server-only';
import { getDb, getDbHandle } from '@/lib/db/client';
import { serveBackupControl } from './control';
import { recordRun } from './runs';

const SERVING = Symbol.for('maurice-expat.backup-control');
const holder = globalThis as { [SERVING]?: boolean };

/** On PGlite, the control socket `npm run data:backup` reaches the running server by (lib/backup/control.ts). */
export async function startBackupControl(dataDir: string): Promise<void> {
  const handle = await getDbHandle();
  if (handle.driver !== 'pglite' || holder[SERVING]) return;
  holder[SERVING] = true;
  await serveBackupControl(dataDir, { pg: handle.client, record: async (run) => recordRun(await getDb(), run) });
}
