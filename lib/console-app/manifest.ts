import type { MetadataRoute } from 'next';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { CONSOLE_ICONS, CONSOLE_SCOPE, CONSOLE_START_URL, CONSOLE_THEME } from './app';
import { consoleAppTexts } from './texts';

/** The console's web app manifest: installed, it opens the conversations in a window of its own. */
export function consoleManifest(): MetadataRoute.Manifest {
  const texts = consoleAppTexts();
  return {
    id: CONSOLE_START_URL,
    name: texts.name,
    short_name: texts.shortName,
    description: texts.description,
    lang: DEFAULT_LOCALE,
    dir: 'ltr',
    start_url: CONSOLE_START_URL,
    scope: CONSOLE_SCOPE,
    display: 'standalone',
    theme_color: CONSOLE_THEME.themeColor,
    background_color: CONSOLE_THEME.backgroundColor,
    icons: CONSOLE_ICONS.filter((icon) => icon.source !== 'badge').map((icon) => ({
      src: `/${icon.file}`,
      sizes: `${icon.size}x${icon.size}`,
      type: 'image/png',
      purpose: icon.source,
    })),
  };
}
