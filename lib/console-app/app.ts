/**
 * The operator console as an installable app: where it lives, its colours and icons. Shared by the
 * manifest and service worker routes (app/admin/…), the console's registration and the icon script.
 */
export const CONSOLE_SCOPE = '/admin/';
export const CONSOLE_START_URL = '/admin';
/** The page the service worker keeps for offline use: the header and the views' links, no client's data. */
export const CONSOLE_SHELL_URL = '/admin/offline';
export const CONSOLE_MANIFEST_PATH = '/admin/manifest.webmanifest';
export const CONSOLE_SERVICE_WORKER_PATH = '/admin/sw.js';
/** The service worker's cache: this prefix and the worker's version. */
export const CONSOLE_SHELL_CACHE_PREFIX = 'console-shell-';

/** The Tailwind theme's --color-ocean-700 and --color-ocean-50 (app/globals.css; a unit test keeps them equal). */
export const CONSOLE_THEME = { themeColor: '#0b5d75', backgroundColor: '#eef8fb' } as const;

/** Files under public/ (drawn by lib/cli/console-icons.ts from app/icon.svg). */
export const CONSOLE_ICONS = [
  { file: 'admin/icons/icon-192.png', size: 192, source: 'any' },
  { file: 'admin/icons/icon-512.png', size: 512, source: 'any' },
  { file: 'admin/icons/maskable-192.png', size: 192, source: 'maskable' },
  { file: 'admin/icons/maskable-512.png', size: 512, source: 'maskable' },
  { file: 'admin/icons/badge-96.png', size: 96, source: 'badge' },
] as const;

export const consoleIconUrl = (source: (typeof CONSOLE_ICONS)[number]['source'], size: number) =>
  `/${CONSOLE_ICONS.find((icon) => icon.source === source && icon.size === size)!.file}`;
