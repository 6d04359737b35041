import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { ChevronRight } from '@/components/ui/icons';
import { JsonLd } from '@/components/ui/json-ld';
import { buildBreadcrumb } from '@/lib/breadcrumb';
import { breadcrumbJsonLd } from '@/lib/structured-data';
import type { Locale } from '@/lib/i18n/routing';

const KNOWN_SEGMENTS = ['services', 'visa-finder', 'blog', 'about', 'contact', 'privacy', 'legal'] as const;
type KnownSegment = (typeof KNOWN_SEGMENTS)[number];

function isKnownSegment(segment: string): segment is KnownSegment {
  return (KNOWN_SEGMENTS as readonly string[]).includes(segment);
}

interface BreadcrumbProps {
  locale: Locale;
  path: string;
  /** Label of the last item when it is better than the title-cased segment (an article title). */
  currentLabel?: string;
}

export async function Breadcrumb({ locale, path, currentLabel }: BreadcrumbProps) {
  const t = await getTranslations({ locale, namespace: 'Breadcrumb' });
  const items = buildBreadcrumb(locale, path, t('home'), (segment) => (isKnownSegment(segment) ? t(segment) : undefined));
  if (items.length === 0) return null;
  const last = items.at(-1);
  if (last && currentLabel) last.label = currentLabel;

  return (
    <nav aria-label={t('label')} className="mx-auto max-w-6xl px-4 pt-6 text-sm">
      <JsonLd data={breadcrumbJsonLd(items)} />
      <ol className="flex flex-wrap items-center gap-1 text-slate-600">
        {items.map((item, index) => {
          const isLast = index === items.length - 1;
          return (
            <li key={item.href} className="flex items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden="true" className="size-4 text-slate-400" />}
              {isLast ? (
                <span aria-current="page" className="font-medium text-slate-900">
                  {item.label}
                </span>
              ) : (
                <Link href={item.href} className="underline-offset-4 hover:text-ocean-700 hover:underline">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
