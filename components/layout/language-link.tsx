import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import type { Locale } from '@/lib/i18n/routing';
import { switchLocalePath } from '@/lib/routes';

interface LanguageLinkProps {
  /** The language this link opens the current page in. */
  locale: Locale;
  current: Locale;
  pathname: string;
  onClick: () => void;
  className: string;
  children: ReactNode;
}

/** The same page in another language, marked for screen readers and search engines. */
export function LanguageLink({ locale, current, pathname, onClick, className, children }: LanguageLinkProps) {
  return (
    <Link
      href={switchLocalePath(pathname, locale)}
      hrefLang={locale}
      lang={locale}
      aria-current={locale === current ? 'true' : undefined}
      onClick={onClick}
      className={className}
    >
      {children}
    </Link>
  );
}
