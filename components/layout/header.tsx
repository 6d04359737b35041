import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';
import { HeaderIcon } from './header-icons';
import { LanguageSelect } from './language-select';
import { Logo } from './logo';
import { MobileMenu } from './mobile-menu';
import { NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';

export async function Header({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Nav' });
  const tLanguages = await getTranslations({ locale, namespace: 'Languages' });
  const links = NAV_ITEMS.map((item) => ({ href: localePath(locale, item.path), label: t(item.key) }));
  const contact = { href: localePath(locale, 'contact'), label: t('contact') };
  const languages = LOCALES.map((code) => ({ locale: code, name: tLanguages(code) }));

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="relative mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link href={localePath(locale)} aria-label={t('logoLabel')} className="shrink-0">
          <Logo />
        </Link>
        <NavLinks links={links} label={t('mainNavigation')} />
        <div className="flex items-center gap-2">
          {/* Below lg the menu holds the language choice: one choice per screen. */}
          <div className="hidden lg:block">
            <LanguageSelect
              current={locale}
              label={t('currentLanguage', { language: tLanguages(locale) })}
              languages={languages}
              icons={{
                globe: <HeaderIcon name="globe" className="size-4" />,
                chevron: <HeaderIcon name="chevron" className="size-4" />,
                check: <HeaderIcon name="check" className="size-4 text-ocean-700" />,
              }}
            />
          </div>
          <Link
            href={contact.href}
            className="hidden min-h-11 items-center rounded-md px-3 text-sm font-semibold text-ocean-800 hover:bg-ocean-50 lg:inline-flex"
          >
            {contact.label}
          </Link>
          <Link
            href={contact.href}
            className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-md bg-coral-600 px-3 text-sm font-semibold text-white hover:bg-coral-700 sm:px-4"
          >
            <HeaderIcon name="calendar" className="size-4" />
            {/* Phones show the icon; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">{t('planCall')}</span>
          </Link>
          <MobileMenu
            current={locale}
            links={links}
            contact={contact}
            languages={languages}
            icons={{
              open: <HeaderIcon name="menu" className="size-6 group-open:hidden" />,
              close: <HeaderIcon name="x" className="hidden size-6 group-open:block" />,
            }}
            labels={{
              open: t('openMenu'),
              close: t('closeMenu'),
              navigation: t('mobileNavigation'),
              language: t('language'),
            }}
          />
        </div>
      </div>
    </header>
  );
}
