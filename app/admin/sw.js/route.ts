import { consoleServiceWorker } from '@/lib/console-app/service-worker';

// Written at build: the same for everyone, the login screen included (no session is read).
export const dynamic = 'force-static';

export function GET() {
  return new Response(consoleServiceWorker(), {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      // A new build's worker is found on the next visit, whatever the caches in between keep.
      'Cache-Control': 'no-cache',
    },
  });
}
