'use client';

import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { LanguageLink } from './language-link';
import { useDisclosure } from './use-disclosure';

interface LanguageSelectProps {
  current: Locale;
  label: string;
  languages: { locale: Locale; name: string }[];
  /** Rendered on the server, so no icon code ships to the browser. */
  icons: { globe: ReactNode; chevron: ReactNode; check: ReactNode };
}

export function LanguageSelect({ current, label, languages, icons }: LanguageSelectProps) {
  const { ref, closeNow, pathname } = useDisclosure();
  return (
    <details ref={ref} className="relative">
      <summary aria-label={label} className="flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-medium text-slate-700 hover:bg-ocean-50">
        {icons.globe}
        <span className="uppercase">{current}</span>
        {icons.chevron}
      </summary>
      <ul className="absolute right-0 z-50 mt-2 w-44 rounded-lg border border-slate-200 bg-white py-1 shadow-lg">
        {languages.map(({ locale, name }) => (
          <li key={locale}>
            <LanguageLink locale={locale} current={current} pathname={pathname} onClick={closeNow} className="language-option">
              {name}
              {locale === current && icons.check}
            </LanguageLink>
          </li>
        ))}
      </ul>
    </details>
  );
}
