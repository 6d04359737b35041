'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { CONSOLE_SCOPE, CONSOLE_SERVICE_WORKER_PATH } from '@/lib/console-app/app';

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
