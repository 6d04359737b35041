import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { Rss } from '@/components/ui/icons';
import { CategoryFilter } from '@/components/blog/category-filter';
import { Pagination } from '@/components/blog/pagination';
import { PostCard } from '@/components/blog/post-card';
import { SearchForm } from '@/components/blog/search-form';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { PageHeader } from '@/components/ui/page-header';
import { getPosts } from '@/lib/blog';
import { listingHref, queryPosts, type ListingParams } from '@/lib/blog/listing';
import type { Locale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';

const SUGGESTED_TAGS = 4;

function mostFrequentTags(tags: string[], count: number): string[] {
  const counts = new Map<string, number>();
  for (const tag of tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, count)
    .map(([tag]) => tag);
}

/** The blog listing: prerendered for every category and page, rendered per request for `?q=`. */
export async function BlogListing({ locale, category, page, q }: { locale: Locale } & ListingParams) {
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const tCategory = await getTranslations({ locale, namespace: 'BlogCategories' });
  const posts = getPosts({ locale });
  const result = queryPosts({ posts, category, page, q });
  // Words that do find articles: the most frequent tags of this language.
  const suggestions =
    result.items.length > 0
      ? []
      : mostFrequentTags(
          posts.flatMap((post) => post.tags),
          SUGGESTED_TAGS,
        );

  return (
    <>
      <Breadcrumb locale={locale} path="blog" />
      <PageHeader title={t('title')} subtitle={t('subtitle')}>
        <SearchForm
          action={localePath(locale, 'blog')}
          q={q}
          category={category}
          label={t('searchLabel')}
          placeholder={t('searchPlaceholder')}
          button={t('searchButton')}
        />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4">
        <CategoryFilter
          locale={locale}
          active={category}
          q={q}
          label={t('categoriesLabel')}
          allLabel={t('allCategories')}
          categoryLabels={{ immigration: tCategory('immigration'), immobilier: tCategory('immobilier'), business: tCategory('business') }}
        />
        <div className="mt-6 flex flex-wrap items-baseline gap-x-4 gap-y-1 text-slate-700">
          <p data-testid="result-count">{t('resultCount', { count: result.totalItems })}</p>
          {q && (
            <p>
              {t('searchResults', { query: q })}{' '}
              <Link href={listingHref(locale, { category })} className="font-semibold text-ocean-700 underline underline-offset-4">
                {t('clearSearch')}
              </Link>
            </p>
          )}
        </div>
        {result.items.length > 0 ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {result.items.map((post, index) => (
              <li key={post.slug}>
                <PostCard post={post} priority={index === 0} />
              </li>
            ))}
          </ul>
        ) : (
          <div className="mt-6 rounded-xl bg-sand-50 p-8 text-center text-slate-700">
            <p className="text-lg">{q ? t('noResultsSearch') : t('noResults')}</p>
            {suggestions.length > 0 && (
              <>
                <p className="mt-4">{t('emptySuggestions')}</p>
                <ul data-testid="search-suggestions" className="mt-3 flex flex-wrap justify-center gap-2">
                  {suggestions.map((word) => (
                    <li key={word}>
                      <Link
                        href={listingHref(locale, { q: word })}
                        className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-semibold text-ocean-800 ring-1 ring-slate-300 hover:bg-ocean-50"
                      >
                        {word}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
            <p className="mt-6">
              {t.rich('emptyNext', {
                visa: (chunks) => (
                  <Link href={localePath(locale, 'visa-finder')} className="font-semibold text-ocean-700 underline underline-offset-4">
                    {chunks}
                  </Link>
                ),
                contact: (chunks) => (
                  <Link href={localePath(locale, 'contact')} className="font-semibold text-ocean-700 underline underline-offset-4">
                    {chunks}
                  </Link>
                ),
              })}
            </p>
          </div>
        )}
        {result.totalPages > 1 && (
          <Pagination
            page={result.page}
            totalPages={result.totalPages}
            hrefFor={(number) => listingHref(locale, { category, q, page: number })}
            labels={{
              navigation: t('paginationLabel'),
              previous: t('previous'),
              next: t('next'),
              page: (number) => t('pageLabel', { page: number }),
            }}
          />
        )}
        <p className="mt-10 text-center">
          <a
            href={localePath(locale, 'blog/feed.xml')}
            className="inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-ocean-700 underline underline-offset-4"
          >
            <Rss aria-hidden="true" className="size-4" />
            {t('feedLink')}
          </a>
        </p>
      </div>
    </>
  );
}
