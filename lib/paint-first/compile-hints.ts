/**
 * The chunks a page runs as it starts, marked for V8 to compile whole while they download (issue 34).
 *
 * V8 compiles a function lazily, on its first call. Each of Next's chunks is a list of module
 * factories, called one after the other when the bootstrap chunk hydrates the page, so nearly all
 * of the compiling happened then, on the main thread, in one task. On home with a 4× slower CPU
 * that task took 295–614 ms, and more than half of it was the module loader's own frame, where V8
 * counts the compiling of the function it calls. Once the paint no longer waits for the scripts
 * (html.ts), that task is what Lighthouse's Total Blocking Time counts.
 *
 * A script whose first line is `//# allFunctionsCalledOnLoad` (Chromium's explicit compile hint,
 * shipped in Chrome 136) has all its functions compiled when the script is, and an `async` script
 * is compiled on a background thread while it streams in. The same task then took 118–150 ms.
 * Browsers without the hint read a comment.
 *
 * Marked: the framework's chunks (`rootMainFiles` of the build manifest) and the entry chunks of
 * every route (`entryJSFiles` of its client reference manifest): what a page runs as it starts.
 * Not every function in them is called then (V8's coverage on home: 40–60% of each chunk's bytes
 * are not), and their bytecode is the price: +0.35 MB of heap on home (README). Chunks loaded later
 * (the chat panel, say) are left as they are. Run by `next build` after compiling (next.config.ts); running it again changes
 * nothing.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

const ENTRY_FILES = /"entryJSFiles":(\{[^{}]*\})/;

/** The startup chunks of a build, as paths relative to its folder (`static/chunks/….js`). */
export async function startupChunks(distDir: string): Promise<string[]> {
  const build = JSON.parse(await readFile(path.join(distDir, 'build-manifest.json'), 'utf8')) as { rootMainFiles?: string[] };
  if (!build.rootMainFiles?.length) throw new Error(`${distDir}/build-manifest.json lists no rootMainFiles`);
  const chunks = new Set(build.rootMainFiles);
  const appDir = path.join(distDir, 'server/app');
  const manifests = (await readdir(appDir, { recursive: true })).filter((name) => name.endsWith('_client-reference-manifest.js'));
  if (manifests.length === 0) throw new Error(`${appDir} holds no client reference manifest`);
  for (const name of manifests) {
    const entries = ENTRY_FILES.exec(await readFile(path.join(appDir, name), 'utf8'))?.[1];
    if (!entries) throw new Error(`${name} has no entryJSFiles: has Next changed its manifest?`);
    for (const files of Object.values(JSON.parse(entries) as Record<string, string[]>)) for (const file of files) chunks.add(file);
  }
  return [...chunks].filter((file) => file.startsWith('static/chunks/') && file.endsWith('.js')).sort();
}

/** Puts the hint at the top of each startup chunk that lacks it; returns the chunks marked now. */
export async function addCompileHints(distDir: string): Promise<string[]> {
  const marked: string[] = [];
  for (const file of await startupChunks(distDir)) {
    const full = path.join(distDir, file);
    const code = await readFile(full, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    await writeFile(full, COMPILE_HINT + code);
    marked.push(file);
  }
  return marked;
}
