import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { collapseToFolders, explainFolderCycle, findCycles, readImportGraph } from '@/tests/support/import-graph';

// Domains import only downward: no two folders of app/, components/ and lib/ import each other in
// a loop (what `cycles.mjs --folders app components lib` reports), and no two files either.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const graph = readImportGraph({ cwd: root, roots: ['app', 'components', 'lib'] });

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const sample = new Map([
      ['lib/a/x.ts', ['lib/b/y.ts']],
      ['lib/b/y.ts', ['lib/c.ts']],
      ['lib/c.ts', ['lib/a/z.ts']],
      ['lib/a/z.ts', []],
    ]);
    expect(findCycles(sample)).toEqual([]);
    expect(findCycles(collapseToFolders(sample)).map((cycle) => [...cycle].sort())).toEqual([['lib/a', 'lib/b', 'lib/c.ts']]);
  });

  it('sees the project (its own files, "@/" and relative imports)', () => {
    expect(graph.size).toBeGreaterThan(200);
    expect(graph.get('app/api/leads/route.ts')).toContain('lib/leads/service.ts');
  });

  it('has no folder that imports another in a loop', () => {
    const cycles = findCycles(collapseToFolders(graph));
    const report = cycles.map((cycle) => `folder cycle: ${cycle.join(' <-> ')}\n  ${explainFolderCycle(graph, cycle).join('\n  ')}`);
    expect(report).toEqual([]);
  });

  it('has no file that imports another in a loop', () => {
    expect(findCycles(graph).map((cycle) => `cycle: ${cycle.join(' <-> ')}`)).toEqual([]);
  });
});
