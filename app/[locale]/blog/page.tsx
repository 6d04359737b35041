import type { Metadata } from 'next';
import { BlogListing } from '@/components/blog/blog-listing';
import { parseListingParams } from '@/lib/blog/listing';
import { listingMetadata } from '@/lib/blog/listing-metadata';
import { resolveLocale } from '@/lib/i18n/page';

// Rendered per request for `?q=` searches only: the proxy rewrites every other listing URL to the
// prerendered /<lang>/blog-pages/<category>/<page> (see lib/blog/static-listing.ts).
export async function generateMetadata({ params, searchParams }: PageProps<'/[locale]/blog'>): Promise<Metadata> {
  const { q } = parseListingParams(await searchParams);
  return listingMetadata(await resolveLocale(params), { searching: Boolean(q) });
}

export default async function BlogPage({ params, searchParams }: PageProps<'/[locale]/blog'>) {
  const locale = await resolveLocale(params);
  return <BlogListing locale={locale} {...parseListingParams(await searchParams)} />;
}
