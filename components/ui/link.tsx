import type { AnchorHTMLAttributes } from 'react';

/**
 * The site's internal link: a plain anchor, in the HTML of server and client components alike.
 * `SoftNavigation` (in the site's layout) opens it without a full page load, and prefetches its
 * page once the visitor points at, touches or focuses it; next/link would add ~3.5 KB gzip of
 * script to every page for the same result.
 */
export function Link(props: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  return <a {...props} />;
}
