import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants';
// Relative: the configuration file is loaded before the "@/" alias exists. lib/security-headers reads
// lib/config, so an invalid variable stops `next build` and `next start` here, naming it.
import { placeholderWarning } from './lib/content/placeholders';
import { addCompileHints } from './lib/paint-first/compile-hints';
import { API_POLICY, documentHeaders, NOSNIFF_HEADER, PUBLIC_POLICY } from './lib/security-headers';

const nextConfig: NextConfig = {
  // A second build directory lets two builds (e.g. parallel test runs) coexist.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  experimental: {
    // Next would load every page and route handler at start (the console, the API, the feed…);
    // a visitor's server needs a few of them. Each is loaded by its first request instead.
    preloadEntriesOnStart: false,
    // The console's changes are server actions: the largest, a canned reply in five languages, is
    // under 32 KB, so a body past 64 KB is refused before it is read whole (Next's default is 1 MB).
    serverActions: { bodySizeLimit: '64kb' },
    // forbidden() in the console's pages: a view only an admin may open answers 403 (lib/auth/role-guard.ts).
    authInterrupts: true,
  },
  // PGlite loads its WebAssembly and data files at run time from its own package folder.
  serverExternalPackages: ['@electric-sql/pglite'],
  compiler: {
    // The chunks a page starts with are compiled by the browser while they download, not in the
    // task that hydrates the page (lib/paint-first/compile-hints.ts).
    async runAfterProductionCompile({ distDir }) {
      const marked = await addCompileHints(distDir);
      console.log(`Compile hints: ${marked.length} startup chunk(s) marked`);
    },
  },
  // Not `experimental.inlineCss`: Next 16.4 copies the stylesheet into the HTML three times, which
  // doubled every page (home 108 → 223 KB, 21 → 50 KB gzip) for a first paint the edge cache
  // already serves fast; measured in the perf branch merge.
  images: {
    formats: ['image/avif', 'image/webp'],
    // Every srcset lists each of these widths; none of our pictures is wider than 1600 px (the
    // optimizer never enlarges), so larger widths would only repeat the same file in the HTML.
    deviceSizes: [640, 828, 1200, 1600],
    imageSizes: [256, 384],
  },
  async headers() {
    return [
      { source: '/:path*', headers: [NOSNIFF_HEADER] },
      { source: '/((?!_next/static/).*)', headers: documentHeaders },
      // A client's dossier and its link's page send no Referer anywhere (the last rule of a header wins).
      { source: '/:locale/dossier/:path*', headers: [{ key: 'Referrer-Policy', value: 'no-referrer' }] },
      // Not on the console (proxy.ts sets its policy, with a nonce) nor its API: two policies would both apply.
      { source: '/((?!_next/static/|admin(?:/|$)|api/admin/).*)', headers: [{ key: 'Content-Security-Policy', value: PUBLIC_POLICY }] },
      // Not on the dossiers' stored files either: their route sets a sandbox policy of its own
      // (lib/dossier/serve.ts), which this one would replace.
      { source: '/api/admin/:path((?!dossiers/files/).*)', headers: [{ key: 'Content-Security-Policy', value: API_POLICY }] },
    ];
  },
};

// `next build` prints the placeholders of content/ once (its workers inherit the flag); the start
// log prints them again (instrumentation.ts). The next-intl plugin only points the bundler at
// lib/i18n/request.ts, which the build has done; loaded by `next start`, it would keep @swc/core
// and a file watcher in the server's memory.
export default async function nextConfigFor(phase: string): Promise<NextConfig> {
  if (phase === PHASE_PRODUCTION_BUILD && !process.env.CONTENT_WARNING_PRINTED) {
    process.env.CONTENT_WARNING_PRINTED = '1';
    const warning = placeholderWarning();
    if (warning) console.warn(warning);
  }
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin('./lib/i18n/request.ts')(nextConfig);
}
