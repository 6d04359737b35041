import type { Metadata } from 'next';
import { BlogListing } from '@/components/blog/blog-listing';
import { getPosts } from '@/lib/blog';
import { listingMetadata } from '@/lib/blog/listing-metadata';
import { categoryFromSegment, staticListingParams } from '@/lib/blog/static-listing';
import { resolveLocale } from '@/lib/i18n/page';
import { isLocale } from '@/lib/i18n/routing';

// The blog listing without a search, prerendered for every category and page number; the proxy
// rewrites /<lang>/blog?category=…&page=… here. Page numbers past the end go to [...beyond].
export const dynamicParams = false;
// Re-rendered hourly, so a scheduled post joins the listing on its day without a rebuild.
export const revalidate = 3600;

export function generateStaticParams({ params }: { params: { locale: string } }) {
  return isLocale(params.locale) ? staticListingParams(getPosts({ locale: params.locale })) : [];
}

export async function generateMetadata({ params }: PageProps<'/[locale]/blog-pages/[category]/[page]'>): Promise<Metadata> {
  return listingMetadata(await resolveLocale(params), { searching: false });
}

export default async function StaticBlogListingPage({ params }: PageProps<'/[locale]/blog-pages/[category]/[page]'>) {
  const locale = await resolveLocale(params);
  const { category, page } = await params;
  return <BlogListing locale={locale} category={categoryFromSegment(category)} page={Number(page)} q="" />;
}
