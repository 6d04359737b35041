import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { CONSOLE_MANIFEST_PATH, CONSOLE_THEME } from '@/lib/console-app/app';
import { consoleAppTexts } from '@/lib/console-app/texts';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import '../globals.css';
import './console.css';

// The console alone is an installable app: the public site has no manifest.
export const metadata: Metadata = {
  robots: { index: false, follow: false },
  manifest: CONSOLE_MANIFEST_PATH,
  appleWebApp: { capable: true, title: consoleAppTexts().shortName, statusBarStyle: 'default' },
};

// Edge to edge on a phone (the console keeps clear of the notch and home bar with the safe-area
// insets), and the keyboard shrinks the page so that the reply field stays above it.
export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  interactiveWidget: 'resizes-content',
  themeColor: CONSOLE_THEME.themeColor,
};

export default function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <html lang={DEFAULT_LOCALE}>
      <body className="console-app min-h-dvh bg-slate-50">{children}</body>
    </html>
  );
}
