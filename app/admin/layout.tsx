import type { Metadata, Viewport } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import type { ReactNode } from 'react';
import { CONSOLE_MANIFEST_PATH, CONSOLE_THEME } from '@/lib/console-app/app';
import { consoleAppTexts } from '@/lib/console-app/texts';
import { messagesFor, pick } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';
import '../globals.css';
import './console.css';

// The console speaks French only: its texts are one file (messages/console/fr.json).
const messages = pick(messagesFor(DEFAULT_LOCALE), ['AdminConsole']);

// The console alone is an installable app: the public site has no manifest. Titled for the agency.
export const metadata: Metadata = {
  title: { default: consoleAppTexts().name, template: `%s · ${consoleAppTexts().name}` },
  robots: { index: false, follow: false, nocache: true },
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
      <body className="console-app min-h-dvh bg-slate-50">
        <NextIntlClientProvider locale={DEFAULT_LOCALE} messages={messages}>
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
