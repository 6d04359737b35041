import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { NEXT_BIN, serverNodeArgs } from '../../support/start-command.mjs';

const UNIT = 'deploy/maurice-expat.service';
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';

/** `Key=value` lines of the unit (the last one wins, as for systemd). */
function directives(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Za-z]+)=(.*)$/.exec(line.trim());
    if (match) found.set(match[1]!, match[2]!);
  }
  return found;
}

const unit = directives(readFileSync(UNIT, 'utf8'));

describe('deploy/maurice-expat.service', () => {
  // systemd need not run: `verify` reads the unit offline and warns on stderr about any value it
  // would ignore (its exit code stays 0 for those), so both must be clean.
  it.skipIf(!existsSync(SYSTEMD_ANALYZE))('passes systemd-analyze verify without a warning', () => {
    const run = spawnSync(SYSTEMD_ANALYZE, ['verify', UNIT], { encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it('starts the server as `npm start` does (its heap limit included)', () => {
    expect(serverNodeArgs()).toContain('--max-old-space-size=384');
    expect(unit.get('ExecStart')).toBe(`/usr/bin/node ${serverNodeArgs().join(' ')} ${NEXT_BIN} start --hostname 127.0.0.1`);
  });

  it('restarts on failure under a memory ceiling', () => {
    expect(unit.get('Restart')).toBe('on-failure');
    const megabytes = (value = '') => Number(/^(\d+)M$/.exec(value)?.[1]);
    expect(megabytes(unit.get('MemoryHigh'))).toBeGreaterThan(0);
    expect(megabytes(unit.get('MemoryMax'))).toBeGreaterThan(megabytes(unit.get('MemoryHigh')));
  });

  it('may write only its data folder, with no new privileges and a private /tmp', () => {
    const dataDir = /DATA_DIR=(\S+)/.exec(unit.get('Environment') ?? '')?.[1];
    expect(dataDir).toBe('/var/lib/maurice-expat');
    expect(unit.get('ProtectSystem')).toBe('strict');
    expect(unit.get('ReadWritePaths')).toBe(dataDir);
    expect(unit.get('BindPaths')?.split(':')[0]?.startsWith(`${dataDir}/`)).toBe(true);
    expect(unit.get('NoNewPrivileges')).toBe('yes');
    expect(unit.get('PrivateTmp')).toBe('yes');
  });
});
