import { Link } from '@/components/ui/link';
import type { ReactNode } from 'react';
import { ChevronLeft, ChevronRight } from '@/components/ui/icons';
import { pageNumbers } from '@/lib/blog/pagination';
import { ScrollToTop } from './scroll-to-top';

interface PaginationProps {
  page: number;
  totalPages: number;
  hrefFor: (page: number) => string;
  labels: { navigation: string; previous: string; next: string; page: (page: number) => string };
}

const BOX = 'inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold';
const LINK = `${BOX} bg-white text-ocean-800 ring-1 ring-slate-300 hover:bg-ocean-50`;
const DISABLED = `${BOX} cursor-not-allowed bg-slate-100 text-slate-500 ring-1 ring-slate-200`;

function Step({ href, label, rel, icon }: { href?: string; label: string; rel: 'prev' | 'next'; icon: ReactNode }) {
  const content = (
    <>
      {rel === 'prev' && icon}
      <span className="sr-only sm:not-sr-only">{label}</span>
      {rel === 'next' && icon}
    </>
  );
  if (!href) {
    return (
      <span aria-disabled="true" className={DISABLED} data-rel={rel}>
        {content}
      </span>
    );
  }
  return (
    <Link href={href} rel={rel} className={LINK} data-rel={rel}>
      {content}
    </Link>
  );
}

/** Previous, numbered pages, next; the ends are shown disabled rather than hidden. */
export function Pagination({ page, totalPages, hrefFor, labels }: PaginationProps) {
  return (
    <nav aria-label={labels.navigation} className="mt-12">
      <ScrollToTop page={page} />
      <ul className="flex flex-wrap items-center justify-center gap-2">
        <li>
          <Step
            href={page > 1 ? hrefFor(page - 1) : undefined}
            label={labels.previous}
            rel="prev"
            icon={<ChevronLeft aria-hidden="true" className="size-4" />}
          />
        </li>
        {pageNumbers(totalPages).map((number) => (
          <li key={number}>
            <Link
              href={hrefFor(number)}
              aria-label={labels.page(number)}
              aria-current={number === page ? 'page' : undefined}
              className={number === page ? `${BOX} bg-ocean-700 text-white` : LINK}
            >
              {number}
            </Link>
          </li>
        ))}
        <li>
          <Step
            href={page < totalPages ? hrefFor(page + 1) : undefined}
            label={labels.next}
            rel="next"
            icon={<ChevronRight aria-hidden="true" className="size-4" />}
          />
        </li>
      </ul>
    </nav>
  );
}
