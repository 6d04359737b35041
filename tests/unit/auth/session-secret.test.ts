import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const { resolveSessionSecret, SESSION_SECRET_FILE } = await import('@/lib/auth/session-secret');

const folders: string[] = [];
function tempDir() {
  const folder = mkdtempSync(path.join(tmpdir(), 'session-secret-'));
  folders.push(folder);
  return folder;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('session secret', () => {
  it('uses SESSION_SECRET when set and refuses a short one', () => {
    const secret = 'x'.repeat(40);
    expect(resolveSessionSecret({ sessionSecret: secret, dataDir: tempDir() })).toBe(secret);
    expect(() => resolveSessionSecret({ sessionSecret: 'too short', dataDir: tempDir() })).toThrow(/at least 32 characters/);
  });

  it('creates a private random secret in DATA_DIR once and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = resolveSessionSecret({ dataDir });
    const file = path.join(dataDir, SESSION_SECRET_FILE);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(resolveSessionSecret({ dataDir })).toBe(first);
    expect(resolveSessionSecret({ dataDir: tempDir() })).not.toBe(first);
  });

  it('refuses a secret file that was emptied or truncated', () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, SESSION_SECRET_FILE), 'short\n', { mode: 0o600 });
    expect(() => resolveSessionSecret({ dataDir })).toThrow(/at least 32 characters/);
  });
});
