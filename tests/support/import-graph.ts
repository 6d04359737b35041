import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The project's runtime import graph (relative and "@/" imports), self-contained so that a clean
// clone can check it: the same reading as ../shared/tools/cycles.mjs, which CI does not have.

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const DECLARATION = /\.d\.m?ts$/;
const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx'];
const IMPORT = /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s*['"]([^'"]+)['"]/g;
// Type-only imports and re-exports vanish at run time, so they make no cycle.
const TYPE_ONLY = /(?:import|export)\s+type\s[^;]+;/g;

/** Files of `roots` (paths relative to `cwd`) mapped to the project files each imports at run time. */
export function readImportGraph({ cwd, roots }: { cwd: string; roots: string[] }): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'node_modules') walk(path);
      } else if (SOURCE.test(name) && !DECLARATION.test(name)) files.push(relative(cwd, path));
    }
  };
  roots
    .map((root) => join(cwd, root))
    .filter((root) => existsSync(root))
    .forEach(walk);
  const known = new Set(files);
  const find = (base: string) => EXTENSIONS.map((ext) => base + ext).find((path) => known.has(path)) ?? null;
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = readFileSync(join(cwd, file), 'utf8').replace(TYPE_ONLY, '');
    const deps = new Set<string>();
    for (const match of source.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3] ?? '';
      let base: string | null = null;
      if (spec.startsWith('@/')) base = spec.slice(2);
      else if (spec.startsWith('.')) base = relative(cwd, resolve(cwd, dirname(file), spec));
      const target = base === null ? null : find(base);
      if (target && target !== file) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** A file's folder two levels deep (lib/chat/queries.ts is lib/chat); a file at lib/ stays itself. */
export function folderOf(file: string): string {
  const parts = file.split('/');
  return parts.length > 2 ? parts.slice(0, 2).join('/') : file;
}

/** The same graph one level up: an edge between two folders when any file of one imports the other. */
export function collapseToFolders(graph: Map<string, string[]>): Map<string, string[]> {
  const folders = new Map<string, Set<string>>();
  for (const [file, deps] of graph) {
    const from = folderOf(file);
    const targets = folders.get(from) ?? new Set<string>();
    folders.set(from, targets);
    for (const dep of deps) if (folderOf(dep) !== from) targets.add(folderOf(dep));
  }
  return new Map([...folders].map(([folder, deps]) => [folder, [...deps]]));
}

/** Strongly connected components of more than one node (Tarjan): each is an import cycle. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) cycles.push(component);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

/** The file-level imports that make the edges inside one folder cycle, for a readable failure. */
export function explainFolderCycle(graph: Map<string, string[]>, cycle: string[]): string[] {
  const members = new Set(cycle);
  const lines: string[] = [];
  for (const [file, deps] of graph) {
    const from = folderOf(file);
    if (!members.has(from)) continue;
    for (const dep of deps) if (folderOf(dep) !== from && members.has(folderOf(dep))) lines.push(`${file} -> ${dep}`);
  }
  return lines.sort();
}
