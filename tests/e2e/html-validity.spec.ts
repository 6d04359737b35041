import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LOCALES, PAGE_TYPES, expect, test } from './fixtures';

// The Nu HTML checker (the W3C validator, npm `vnu-jar`) over the server HTML of every page type
// in every language: one Java start for all the pages, since starting it takes seconds.
const VNU_JAR = path.join(process.cwd(), 'node_modules', 'vnu-jar', 'build', 'dist', 'vnu.jar');

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
  extract?: string;
}

function javaAvailable(): boolean {
  return spawnSync('java', ['-version'], { stdio: 'ignore' }).status === 0;
}

test('the Nu HTML checker finds no error on any page type in any language', async ({ request }) => {
  test.setTimeout(240_000);
  if (!javaAvailable()) {
    // CI installs a headless JRE (.ci/run): there a missing Java is a failure, not a skip.
    expect(process.env.CI, 'Java (a JRE ≥ 11) is needed to run the Nu HTML checker').toBeFalsy();
    test.skip(true, 'no Java on this machine: install a JRE (Debian: apt-get install -y default-jre-headless)');
  }
  const listing = await (await request.get('/en/blog')).text();
  const post = /href="\/en(\/blog\/[a-z0-9-]+)"/.exec(listing)?.[1];
  expect(post, 'a post linked from the blog listing').toBeTruthy();
  const paths = [...PAGE_TYPES, '/legal', post!];

  const folder = mkdtempSync(path.join(tmpdir(), 'vnu-'));
  try {
    const files: string[] = [];
    for (const locale of LOCALES) {
      for (const page of paths) {
        const response = await request.get(`/${locale}${page}`);
        expect(response.status(), `/${locale}${page}`).toBe(200);
        const file = path.join(folder, `${locale}${page.replaceAll('/', '_') || '_home'}.html`);
        writeFileSync(file, await response.text());
        files.push(file);
      }
    }
    const run = spawnSync('java', ['-jar', VNU_JAR, '--format', 'json', '--errors-only', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const { messages } = JSON.parse(run.stderr || '{"messages":[]}') as { messages: VnuMessage[] };
    const errors = messages
      .filter((message) => message.type === 'error' || message.subType === 'fatal')
      .map((message) => `${path.basename(message.url)}:${message.lastLine ?? '?'} ${message.message} ${message.extract?.trim().slice(0, 120) ?? ''}`);
    test.info().annotations.push({ type: 'vnu', description: `${files.length} pages, ${errors.length} errors` });
    expect(run.status === 0 || errors.length > 0, run.stderr).toBe(true);
    expect(errors).toEqual([]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
