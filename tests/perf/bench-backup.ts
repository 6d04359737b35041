// `npm run bench:backup [-- --postgres]`: the seed of bench:search (10,000 conversations, 100,000
// messages, 5,000 requests), held by this process as the server holds it, with a visitor message
// saved every 20 ms; `npm run data:backup` runs beside it. Prints the backup's time and size, this
// process's resident memory at its peak, and the saves' p99 and max before and during the backup.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { rssMb } from './proc';
import { percentile, withSeededDatabase } from './seed-console';

const summary = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return `${sorted.length} saves, p99 ${percentile(sorted, 99).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms`;
};

void withSeededDatabase('bench-backup', async (engine, { dataDir, databaseUrl }) => {
  const { startBackupControl } = await import('@/lib/backup/server');
  const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
  if (!databaseUrl) await startBackupControl(dataDir);
  const session = await createChatSession({ locale: 'fr', startPage: '/fr' });
  const state = { phase: 'before' as 'before' | 'during' | 'done' };
  const times = { before: [] as number[], during: [] as number[] };
  let peak = rssMb();
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 100);
  const load = (async () => {
    while (state.phase !== 'done') {
      const started = performance.now();
      await saveMessage({ sessionId: session.id, sender: 'visitor', content: 'bench' });
      times[state.phase === 'before' ? 'before' : 'during'].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 15_000));
  const peakBefore = peak;
  state.phase = 'during';
  const backupDir = mkdtempSync(path.join(tmpdir(), 'bench-backup-files-'));
  const started = performance.now();
  let scriptPeak = 0;
  const code = await new Promise<number | null>((resolve) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'lib/cli/data-backup.ts'], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl ?? '',
        BACKUP_DIR: backupDir,
        BACKUP_KEY: process.env.BACKUP_KEY ?? 'bench passphrase, not a secret',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.on('data', (chunk: Buffer) => process.stdout.write(chunk));
    const scriptSampler = setInterval(() => (scriptPeak = Math.max(scriptPeak, rssMb(child.pid!))), 100);
    child.on('close', (exit) => {
      clearInterval(scriptSampler);
      resolve(exit);
    });
  });
  const seconds = (performance.now() - started) / 1000;
  state.phase = 'done';
  await load;
  clearInterval(sampler);
  const file = path.join(backupDir, (await import('node:fs')).readdirSync(backupDir).find((name) => name.endsWith('.age')) ?? '');
  console.log(`backup on ${engine}: exit ${code}, ${seconds.toFixed(1)} s, ${(statSync(file).size / 1e6).toFixed(1)} MB`);
  console.log(`server process RSS: peak ${peakBefore.toFixed(0)} MB before the backup, ${peak.toFixed(0)} MB with it`);
  console.log(`backup script RSS: peak ${scriptPeak.toFixed(0)} MB`);
  console.log(`chat saves without a backup: ${summary(times.before)}; during it: ${summary(times.during)}`);
  rmSync(backupDir, { recursive: true, force: true });
});
