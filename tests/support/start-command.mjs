import { readFileSync } from 'node:fs';

export const NEXT_BIN = 'node_modules/next/dist/bin/next';

/**
 * The Node flags of `npm start` (package.json), which deploy/maurice-expat.service repeats: the
 * browser suite's servers and the benchmarks run the server as it is deployed.
 */
export function serverNodeArgs() {
  const start = JSON.parse(readFileSync('package.json', 'utf8')).scripts.start;
  const match = /^node((?: --[\w-]+=\S+)*) node_modules\/next\/dist\/bin\/next start$/.exec(start);
  if (!match) throw new Error(`package.json's start script is not "node [--flag=value …] ${NEXT_BIN} start": ${start}`);
  return match[1].split(' ').filter(Boolean);
}
