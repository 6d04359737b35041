import type { Metadata } from 'next';
import { BlogListing } from '@/components/blog/blog-listing';
import { parsePage } from '@/lib/blog/pagination';
import { listingMetadata } from '@/lib/blog/listing-metadata';
import { categoryFromSegment } from '@/lib/blog/static-listing';
import { resolveLocale } from '@/lib/i18n/page';

// A page number past the last page is not prerendered ([page] has dynamicParams = false): it is
// rendered here per request and shows the last page, as /<lang>/blog?page=99 always did.
export async function generateMetadata({ params }: PageProps<'/[locale]/blog-pages/[category]/[...beyond]'>): Promise<Metadata> {
  return listingMetadata(await resolveLocale(params), { searching: false });
}

export default async function BeyondLastListingPage({ params }: PageProps<'/[locale]/blog-pages/[category]/[...beyond]'>) {
  const locale = await resolveLocale(params);
  const { category, beyond } = await params;
  return <BlogListing locale={locale} category={categoryFromSegment(category)} page={parsePage(beyond[0])} q="" />;
}
