import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The entries of a zip as Info-ZIP's `unzip` reads them (an independent reader, not ours): name → bytes, in archive order. */
export function readZip(zip: Buffer): { name: string; bytes: Buffer }[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'zip-'));
  try {
    const file = path.join(dir, 'archive.zip');
    writeFileSync(file, zip);
    execFileSync('unzip', ['-tq', file]);
    const names = execFileSync('zipinfo', ['-1', file], { encoding: 'utf8' }).trim().split('\n').filter(Boolean);
    execFileSync('unzip', ['-q', file, '-d', path.join(dir, 'out')]);
    readdirSync(path.join(dir, 'out'));
    return names.map((name) => ({ name, bytes: readFileSync(path.join(dir, 'out', name)) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
