import { Link } from '@/components/ui/link';
import { categoryMessageKey } from '@/lib/blog/categories';
import { CATEGORIES, type Category } from '@/lib/content/categories';
import { listingHref } from '@/lib/blog/listing';
import type { Locale } from '@/lib/i18n/routing';

interface CategoryFilterProps {
  locale: Locale;
  active?: Category;
  q: string;
  label: string;
  allLabel: string;
  categoryLabels: Record<Lowercase<Category>, string>;
}

/** Plain links, so filtering works without JavaScript; a new category always starts at page 1. */
export function CategoryFilter({ locale, active, q, label, allLabel, categoryLabels }: CategoryFilterProps) {
  const choices = [
    { key: 'all', href: listingHref(locale, { q }), label: allLabel, current: !active },
    ...CATEGORIES.map((category) => ({
      key: category,
      href: listingHref(locale, { category, q }),
      label: categoryLabels[categoryMessageKey(category)],
      current: active === category,
    })),
  ];
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.key}>
            <Link
              href={choice.href}
              aria-current={choice.current ? 'page' : undefined}
              className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm font-semibold ring-1 ${
                choice.current ? 'bg-ocean-700 text-white ring-ocean-700' : 'bg-white text-ocean-800 ring-slate-300 hover:bg-ocean-50'
              }`}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
