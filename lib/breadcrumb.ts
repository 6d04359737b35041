import { localePath } from '@/lib/routes';
import type { Locale } from '@/lib/i18n/routing';

export interface BreadcrumbItem {
  label: string;
  href: string;
}

/** `mon-beau-guide` → `Mon Beau Guide`: the spec's label for a segment with no translation. */
export function titleCaseSegment(segment: string): string {
  return decodeURIComponent(segment)
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/**
 * Home, then one item per path segment. `labelFor` returns the translation of a known
 * segment or undefined; unknown segments are title-cased. Empty when only home would show.
 */
export function buildBreadcrumb(locale: Locale, path: string, homeLabel: string, labelFor: (segment: string) => string | undefined): BreadcrumbItem[] {
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 0) return [];
  const items: BreadcrumbItem[] = [{ label: homeLabel, href: localePath(locale) }];
  segments.forEach((segment, index) => {
    items.push({
      label: labelFor(segment) ?? titleCaseSegment(segment),
      href: localePath(locale, segments.slice(0, index + 1).join('/')),
    });
  });
  return items;
}
