// The console's service worker, served at /admin/sw.js (scope /admin/) by app/admin/sw.js/route.ts (lib/console-app/service-worker.ts),
// which puts `const SETTINGS = {…}` before this text. It keeps the console's shell (the page's HTML,
// which holds no conversation, and its hashed static files) so that the console opens offline, and
// it shows the push notifications. It never answers an /api/ request: conversations always come
// from the server.
/* global SETTINGS */

const SHELL_CACHE = `${SETTINGS.cachePrefix}${SETTINGS.version}`;
const STATIC_PREFIX = '/_next/static/';

/** The static files an HTML page loads (scripts, stylesheets, preloads), as paths. */
function staticAssetsOf(html) {
  const assets = new Set();
  for (const match of html.matchAll(/(?:src|href)="(\/_next\/static\/[^"?#]+)/g)) assets.add(match[1]);
  return [...assets];
}

/**
 * Keeps the console page's HTML and every static file it names. A page that names a file not held
 * yet comes from a new build: the files no page of this build names any more are then dropped.
 */
async function keepShell(response) {
  const cache = await caches.open(SHELL_CACHE);
  const html = await response.clone().text();
  await cache.put(SETTINGS.shellUrl, response);
  const assets = staticAssetsOf(html);
  const held = new Set((await cache.keys()).map((request) => new URL(request.url).pathname));
  const missing = assets.filter((asset) => !held.has(asset));
  if (missing.length === 0) return;
  await cache.addAll(missing);
  const current = new Set(assets);
  for (const request of await cache.keys()) {
    const path = new URL(request.url).pathname;
    if (path.startsWith(STATIC_PREFIX) && !current.has(path)) await cache.delete(request);
  }
}

async function fetchShell() {
  const response = await fetch(SETTINGS.shellUrl, { cache: 'no-store', credentials: 'same-origin' });
  if (shellWorthKeeping(response)) await keepShell(response);
}

function shellWorthKeeping(response) {
  return response.ok && response.type === 'basic' && !response.redirected && (response.headers.get('content-type') || '').includes('text/html');
}

/** The console's pages: from the network when it answers (the copy kept is refreshed), else the kept shell. */
async function networkFirstPage(event) {
  try {
    const response = await fetch(event.request);
    if (new URL(event.request.url).pathname === SETTINGS.shellUrl && shellWorthKeeping(response)) {
      event.waitUntil(keepShell(response.clone()).catch(() => undefined));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(SETTINGS.shellUrl, { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** Hashed static files and the app's icons never change under one address: the kept copy first. */
async function cacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const kept = await cache.match(request, { ignoreSearch: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok && response.type === 'basic') await cache.put(request, response.clone());
  return response;
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL_CACHE);
      await cache.addAll(SETTINGS.precache);
      // Offline before any page of the console was read through this worker: the shell is ready.
      await fetchShell().catch(() => undefined);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith(SETTINGS.cachePrefix) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && url.pathname.startsWith(SETTINGS.scope)) {
    event.respondWith(networkFirstPage(event));
  } else if (url.pathname.startsWith(STATIC_PREFIX) || SETTINGS.precache.includes(url.pathname)) {
    event.respondWith(cacheFirst(request));
  }
  // Anything else, the API first of all, goes to the network untouched and is never kept.
});

/** A console address (same origin, under the scope) or the console's start page: a push never sends anyone elsewhere. */
function consoleUrl(value) {
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin && url.pathname.startsWith(SETTINGS.scope)) return url.href;
  } catch {
    // not a URL: the start page
  }
  return new URL(SETTINGS.startUrl, self.location.origin).href;
}

/** What a push shows: `{ title, body, url, tag }` from the server, or a plain notice when the payload is not that. */
function notificationFromPush(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  const text = (value) => (typeof value === 'string' && value.trim() ? value : null);
  const fields = payload && typeof payload === 'object' ? payload : {};
  const options = {
    body: text(fields.body) || (text(fields.title) ? '' : SETTINGS.texts.body),
    data: { url: consoleUrl(fields.url) },
    icon: SETTINGS.icon,
    badge: SETTINGS.badge,
    lang: SETTINGS.lang,
  };
  if (text(fields.tag)) options.tag = fields.tag;
  return { title: text(fields.title) || SETTINGS.texts.title, options };
}

/**
 * One notification at a time: Chromium loses one of two notifications shown at the same moment
 * (two pushes a few milliseconds apart, measured 3 in 20), so each waits for the one before.
 */
let lastShown = Promise.resolve();

self.addEventListener('push', (event) => {
  const { title, options } = notificationFromPush(event.data);
  const shown = lastShown.catch(() => undefined).then(() => self.registration.showNotification(title, options));
  lastShown = shown;
  event.waitUntil(shown);
});

/**
 * Opening a notification: the console already open (in a tab or the installed app) comes to the
 * front on the notification's conversation or person; with none open, a new window shows it.
 */
async function openNotificationTarget(notification) {
  notification.close();
  const target = consoleUrl(notification.data && notification.data.url);
  const windows = await self.clients.matchAll({ type: 'window' });
  const open = windows.find((client) => new URL(client.url).pathname.startsWith(SETTINGS.scope));
  if (open) {
    // Focusing needs the click's permission, which the browser grants for a few seconds.
    await open.focus().catch(() => undefined);
    const navigated = await open.navigate(target).catch(() => null);
    if (navigated) return navigated;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.waitUntil(openNotificationTarget(event.notification));
});
