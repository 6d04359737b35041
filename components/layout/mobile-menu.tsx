'use client';

import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { LanguageLink } from './language-link';
import type { NavLinkData } from './nav-items';
import { useDisclosure } from './use-disclosure';

interface MobileMenuProps {
  current: Locale;
  links: NavLinkData[];
  contact: NavLinkData;
  labels: { open: string; close: string; navigation: string; language: string };
  languages: { locale: Locale; name: string }[];
  /** Rendered on the server, so no icon code ships to the browser. */
  icons: { open: ReactNode; close: ReactNode };
}

export function MobileMenu({ current, links, contact, labels, languages, icons }: MobileMenuProps) {
  const { ref, closeNow, pathname } = useDisclosure();
  return (
    <details ref={ref} className="group lg:hidden">
      <summary className="flex size-11 items-center justify-center rounded-md text-slate-800 hover:bg-ocean-50">
        {icons.open}
        {icons.close}
        <span className="sr-only group-open:hidden">{labels.open}</span>
        <span className="sr-only hidden group-open:inline">{labels.close}</span>
      </summary>
      {/* Dims the page under the open menu; a tap on it closes the menu. */}
      <div aria-hidden="true" onClick={closeNow} className="absolute inset-x-0 top-full h-dvh bg-slate-900/40" />
      <nav aria-label={labels.navigation} className="absolute inset-x-0 top-full border-t border-slate-200 bg-white px-4 pb-6 shadow-lg">
        <ul className="flex flex-col py-2">
          {[...links, contact].map((link) => (
            <li key={link.href}>
              <Link href={link.href} onClick={closeNow} aria-current={pathname === link.href ? 'page' : undefined} className="menu-link">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <p className="px-3 pt-2 text-sm font-semibold text-slate-600">{labels.language}</p>
        <ul className="flex flex-wrap gap-2 px-3 pt-2">
          {languages.map(({ locale, name }) => (
            <li key={locale}>
              <LanguageLink locale={locale} current={current} pathname={pathname} onClick={closeNow} className="menu-language">
                {name}
              </LanguageLink>
            </li>
          ))}
        </ul>
      </nav>
    </details>
  );
}
