import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { SITE } from '@/lib/site';
import { Logo } from './logo';
import { NAV_ITEMS } from './nav-items';

export async function Footer({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Footer' });
  const tNav = await getTranslations({ locale, namespace: 'Nav' });
  const resources = [
    { label: t('contactUs'), path: 'contact' },
    { label: t('guide'), path: 'blog' },
    { label: t('procedures'), path: 'services' },
    { label: t('privacy'), path: 'privacy' },
    { label: t('legal'), path: 'legal' },
  ];
  const columns = [
    { title: t('navigation'), links: NAV_ITEMS.map((item) => ({ label: tNav(item.key), path: item.path })) },
    { title: t('resources'), links: resources },
  ];

  return (
    <footer className="mt-16 bg-ocean-900 text-ocean-50">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 md:grid-cols-3">
        <div>
          <div className="inline-block rounded-md bg-white px-3 py-2">
            <Logo />
          </div>
          <p className="mt-4 text-sm leading-6">{t('description')}</p>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{column.title}</h2>
            <ul className="mt-4 space-y-1 text-sm">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link href={localePath(locale, link.path)} className="inline-flex min-h-8 items-center hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <p className="border-t border-ocean-800 py-6 text-center text-sm">{t('copyright', { year: new Date().getFullYear(), name: SITE.name })}</p>
    </footer>
  );
}
