import type { Viewport } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ChatWidget } from '@/components/chat/chat-widget';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { HeaderIconSprite } from '@/components/layout/header-icons';
import { SoftNavigation } from '@/components/layout/soft-navigation';
import { TopBar } from '@/components/layout/top-bar';
import { JsonLd } from '@/components/ui/json-ld';
import { Toaster } from '@/components/ui/toast';
import { LOCALES, isLocale } from '@/lib/i18n/routing';
import { organizationJsonLd, websiteJsonLd } from '@/lib/structured-data';
import '../globals.css';

export const dynamicParams = false;

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export const viewport: Viewport = { themeColor: '#0b5d75' };

export default async function LocaleLayout({ children, params }: LayoutProps<'/[locale]'>) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const tMeta = await getTranslations({ locale, namespace: 'Metadata' });
  const tToast = await getTranslations({ locale, namespace: 'Toast' });
  const description = tMeta('home.description');

  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 text-ocean-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
          {t('skipToContent')}
        </a>
        <TopBar locale={locale} />
        <Header locale={locale} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer locale={locale} />
        {/* After the page, not before it: crawlers read these anywhere, the first paint needs neither. */}
        <HeaderIconSprite />
        <JsonLd data={organizationJsonLd(description)} />
        <JsonLd data={websiteJsonLd(locale, description)} />
        <ChatWidget locale={locale} />
        <SoftNavigation />
        {/* One toast region for the page, the chat and every form. */}
        <Toaster closeLabel={tToast('close')} />
      </body>
    </html>
  );
}
