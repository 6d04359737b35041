import { consoleManifest } from '@/lib/console-app/manifest';

// Written at build: the same for everyone, the login screen included (no session is read).
export const dynamic = 'force-static';

export function GET() {
  return new Response(JSON.stringify(consoleManifest()), { headers: { 'Content-Type': 'application/manifest+json; charset=utf-8' } });
}
