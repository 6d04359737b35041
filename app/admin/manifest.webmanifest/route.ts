import { consoleManifest } from '@/lib/console-app/manifest';

// Written at build: the same for everyone, the login screen included (no session is read).
export const dynamic = 'force-static';

export function GET() {
  return new Response(JSON.stringify(consoleManifest()), {
    // A renamed app or a new icon reaches installed consoles at their next visit.
    headers: { 'Content-Type': 'application/manifest+json; charset=utf-8', 'Cache-Control': 'no-cache' },
  });
}
