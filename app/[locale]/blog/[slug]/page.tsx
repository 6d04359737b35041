import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ArrowLeft } from '@/components/ui/icons';
import { PostBody } from '@/components/blog/post-body';
import { PostHeader } from '@/components/blog/post-header';
import { RelatedPosts } from '@/components/blog/related-posts';
import { TableOfContents } from '@/components/blog/table-of-contents';
import { Breadcrumb } from '@/components/layout/breadcrumb';
import { ButtonLink } from '@/components/ui/button-link';
import { JsonLd } from '@/components/ui/json-ld';
import { getPost, getPostLocales, getPostSlugs, getPosts } from '@/lib/blog';
import { categoryMessageKey } from '@/lib/blog/categories';
import { getRelatedPosts } from '@/lib/blog/related';
import { blogPostingJsonLd, postMetadata, postPath } from '@/lib/blog/seo';
import { resolveLocale } from '@/lib/i18n/page';
import { localePath } from '@/lib/routes';

// Scheduled posts are prerendered too and re-checked hourly: one appears on its day without a rebuild.
export const revalidate = 3600;

export function generateStaticParams() {
  return getPostSlugs().map((slug) => ({ slug }));
}

export async function generateMetadata({ params }: PageProps<'/[locale]/blog/[slug]'>): Promise<Metadata> {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const post = getPost({ slug, locale });
  if (!post) return {};
  const tBlog = await getTranslations({ locale, namespace: 'Blog' });
  const tCategory = await getTranslations({ locale, namespace: 'BlogCategories' });
  return postMetadata({ post, section: tCategory(categoryMessageKey(post.category)), feedTitle: tBlog('feedTitle'), locales: getPostLocales({ slug }) });
}

export default async function BlogPostPage({ params }: PageProps<'/[locale]/blog/[slug]'>) {
  const locale = await resolveLocale(params);
  const { slug } = await params;
  const post = getPost({ slug, locale });
  if (!post) redirect(localePath(locale, 'blog'));
  const t = await getTranslations({ locale, namespace: 'BlogPost' });
  const related = getRelatedPosts({ post, posts: getPosts({ locale }) });

  return (
    <>
      <Breadcrumb locale={locale} path={postPath(slug)} currentLabel={post.title} />
      <JsonLd data={blogPostingJsonLd(post)} />
      <article className="mx-auto max-w-6xl px-4 pt-8">
        <PostHeader post={post} />
        <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_17rem]">
          <div className="lg:order-last">
            <div className="lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto">
              <TableOfContents headings={post.headings} title={t('tableOfContents')} emptyLabel={t('noHeadings')} />
            </div>
          </div>
          <div className="max-w-3xl min-w-0">
            <PostBody source={post.body} tableLabel={t('table')} tableHint={t('tableScrollHint')} />
          </div>
        </div>
        <footer className="mt-12">
          <ButtonLink href={localePath(locale, 'blog')} variant="secondary">
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('backToBlog')}
          </ButtonLink>
        </footer>
      </article>
      <RelatedPosts posts={related} title={t('related')} />
    </>
  );
}
