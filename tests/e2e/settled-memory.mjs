// Preloaded into a test server (NODE_OPTIONS=--import, see settledMemory in abuse-helpers.ts), never
// into the app: on SIGUSR2 the process collects its garbage as the DevTools' "collect garbage" button
// does (an in-process inspector session: full collections, then the freed pages go back to the
// system) and writes process.memoryUsage() to SETTLED_MEMORY_DIR/<pid>.json. What is left is what
// requests left referenced: V8's heap sizing, which moves the raw RSS of one build by 18–96 MB
// from one run to the next, no longer hides it. With SETTLED_MEMORY_SNAPSHOT=1 it also writes a heap
// snapshot there (<pid>-<time>.heapsnapshot) for tests/perf/heap-diff.mjs.
import { renameSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';
import v8 from 'node:v8';

const dir = process.env.SETTLED_MEMORY_DIR;
const session = new inspector.Session();
session.connect();

process.on('SIGUSR2', () => {
  session.post('HeapProfiler.collectGarbage', () => {
    const file = path.join(dir, `${process.pid}.json`);
    if (process.env.SETTLED_MEMORY_SNAPSHOT === '1') v8.writeHeapSnapshot(path.join(dir, `${process.pid}-${Date.now()}.heapsnapshot`));
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
  });
});
