'use client';

import { Link } from '@/components/ui/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
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

/** The address the browser shows (a rewrite or `history.replaceState` may differ from the route). */
function fromLocation(locale: Locale): string {
  return switchLocalePath(window.location.pathname, locale, window.location.search);
}

/**
 * The same page in another language, marked for screen readers and search engines. It keeps
 * what the address holds (a visa result, blog filters), read when the link is used, since the
 * visa finder rewrites the query without a navigation.
 */
export function LanguageLink({ locale, current, pathname, onClick, className, children }: LanguageLinkProps) {
  const router = useRouter();
  const [href, setHref] = useState(() => switchLocalePath(pathname, locale));
  const refresh = () => setHref(fromLocation(locale));
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the browser's address is known only after hydration
  useEffect(() => setHref(fromLocation(locale)), [locale, pathname]);
  return (
    <Link
      href={href}
      hrefLang={locale}
      lang={locale}
      aria-current={locale === current ? 'true' : undefined}
      onPointerEnter={refresh}
      onFocus={refresh}
      onClick={(event) => {
        onClick();
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        router.push(fromLocation(locale));
      }}
      className={className}
    >
      {children}
    </Link>
  );
}
