// Preloaded into a test server (NODE_OPTIONS=--import, see settledMemory in abuse-helpers.ts), never
// into the app: on SIGUSR2 the process collects its garbage as the DevTools' "collect garbage" button
// does (an in-process inspector session: full collections, then the freed pages go back to the
// system) and writes process.memoryUsage() to SETTLED_MEMORY_DIR/<pid>.json. What is left is what
// requests left referenced: V8's heap sizing, which moves the raw RSS of one build by 18–96 MB
// from one run to the next, no longer hides it.
import { renameSync, writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import path from 'node:path';

const dir = process.env.SETTLED_MEMORY_DIR;
const session = new inspector.Session();
session.connect();

process.on('SIGUSR2', () => {
  session.post('HeapProfiler.collectGarbage', () => {
    const file = path.join(dir, `${process.pid}.json`);
    writeFileSync(`${file}.tmp`, JSON.stringify(process.memoryUsage()));
    renameSync(`${file}.tmp`, file);
  });
});
