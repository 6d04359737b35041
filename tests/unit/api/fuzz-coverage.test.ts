import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fuzzedRouteNames } from '../../fuzz/fuzz-routes.mjs';

const API = path.join(process.cwd(), 'app', 'api');

/** Every folder under app/api holding a route handler, as '/api/chat/sessions/[id]'. */
function routeFolders(dir = API): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((entry) => entry.isFile() && /^route\.[jt]sx?$/.test(entry.name))
    ? [`/api/${path.relative(API, dir).split(path.sep).join('/')}`.replace(/\/$/, '')]
    : [];
  return [...here, ...entries.filter((entry) => entry.isDirectory()).flatMap((entry) => routeFolders(path.join(dir, entry.name)))];
}

describe('the fuzz (npm run fuzz, abuse-fuzz.spec.ts)', () => {
  it('sends requests to every API route handler and to none that does not exist', () => {
    expect([...fuzzedRouteNames()].sort()).toEqual(routeFolders().sort());
  });
});
