'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { CONSOLE_SCOPE, CONSOLE_SERVICE_WORKER_PATH, CONSOLE_SHELL_CACHE_PREFIX, CONSOLE_SHELL_URL } from '@/lib/console-app/app';

/**
 * Installs the console's service worker (lib/console-app/worker-script.js), from the login screen
 * too: the shell it keeps lets the console open without a network. Not under `next dev`, whose
 * files change under the same addresses.
 */
export function useConsoleServiceWorker() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register(CONSOLE_SERVICE_WORKER_PATH, { scope: CONSOLE_SCOPE }).catch((error: unknown) => {
      console.warn('Console service worker not registered:', error instanceof Error ? error.message : error);
    });
  }, []);
}

/**
 * After a login or a logout, and when the console opens (a new build's files): the service
 * worker's copy of the offline page is read again, so that the console opened offline is the one
 * of the operator now signed in, and none after a logout.
 */
export async function refreshKeptShell() {
  if (!('caches' in window)) return;
  try {
    for (const name of await caches.keys()) {
      if (!name.startsWith(CONSOLE_SHELL_CACHE_PREFIX)) continue;
      const cache = await caches.open(name);
      const page = await fetch(CONSOLE_SHELL_URL, { cache: 'no-store' });
      if (page.ok) await cache.put(CONSOLE_SHELL_URL, page);
      else await cache.delete(CONSOLE_SHELL_URL);
    }
  } catch {
    // Offline or storage refused: the next visit refreshes the copy.
  }
}

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** False while the device has no network at all ("Hors connexion"); the server renders online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}
