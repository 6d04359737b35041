import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONSOLE_ICONS, CONSOLE_THEME } from '@/lib/console-app/app';
import { consoleManifest } from '@/lib/console-app/manifest';
import { consoleServiceWorker } from '@/lib/console-app/service-worker';

const themeColour = (name: string) => new RegExp(`--color-${name}:\\s*(#[0-9a-f]{6})`, 'i').exec(readFileSync('app/globals.css', 'utf8'))?.[1];

describe('the installable console', () => {
  it('takes its colours from the Tailwind theme', () => {
    expect(CONSOLE_THEME.themeColor).toBe(themeColour('ocean-700'));
    expect(CONSOLE_THEME.backgroundColor).toBe(themeColour('ocean-50'));
  });

  it('has every icon it names, at its size (npm run icons:console draws them)', () => {
    for (const icon of CONSOLE_ICONS) {
      const png = readFileSync(`public/${icon.file}`);
      expect(png.subarray(1, 4).toString(), icon.file).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.file).toEqual([icon.size, icon.size]);
    }
  });

  it('is a standalone app of the /admin/ scope, named after the agency, in French', () => {
    expect(consoleManifest()).toMatchObject({
      name: 'Console Maurice Expat',
      short_name: 'Console',
      lang: 'fr',
      start_url: '/admin',
      scope: '/admin/',
      display: 'standalone',
    });
  });

  it("versions the worker's cache by its script and settings", () => {
    const script = consoleServiceWorker();
    const settings = JSON.parse(/^const SETTINGS = (.*);$/m.exec(script)![1]!) as { version: string; texts: { title: string } };
    expect(settings.version).toMatch(/^[0-9a-f]{12}$/);
    expect(settings.texts.title).toBe('Console Maurice Expat');
    expect(script).toContain('`${SETTINGS.cachePrefix}${SETTINGS.version}`');
  });
});
