import { Link } from '@/components/ui/link';
import { getTranslations } from 'next-intl/server';
import { ArrowRight } from '@/components/ui/icons';
import { StaticImage } from '@/components/ui/static-image';
import { categoryMessageKey } from '@/lib/blog/categories';
import { MAX_CARD_TAGS } from '@/lib/blog/constants';
import { formatPostDate } from '@/lib/blog/format';
import { postPath } from '@/lib/blog/seo';
import type { PostSummary } from '@/lib/blog/types';
import { localePath } from '@/lib/routes';
import { PostMeta } from './post-meta';
import { TagList } from './tag-list';

interface PostCardProps {
  post: PostSummary;
  /** h2 in the listing, h3 under "Related articles". */
  headingLevel?: 2 | 3;
  /** The listing's first card: its picture is the phone's largest paint, requested with the page. */
  priority?: boolean;
}

export async function PostCard({ post, headingLevel = 2, priority = false }: PostCardProps) {
  const { locale } = post;
  const t = await getTranslations({ locale, namespace: 'Blog' });
  const tCategory = await getTranslations({ locale, namespace: 'BlogCategories' });
  const href = localePath(locale, postPath(post.slug));
  const Heading = `h${headingLevel}` as const;

  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="relative aspect-[40/21] bg-sand-100">
        <StaticImage
          src={post.cover}
          alt=""
          fill
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          className="object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-5">
        <PostMeta
          category={tCategory(categoryMessageKey(post.category))}
          date={post.date}
          dateLabel={formatPostDate(post.date, locale)}
          readingTime={t('readingTime', { minutes: post.readingMinutes })}
        />
        <Heading className="mt-4 text-xl font-semibold text-ocean-900">
          <Link href={href} className="hover:text-ocean-700 hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="mt-2 flex-1 text-slate-700">{post.description}</p>
        <TagList tags={post.tags.slice(0, MAX_CARD_TAGS)} className="mt-4" />
        <Link
          href={href}
          className="mt-5 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-ocean-700 underline underline-offset-4 hover:no-underline"
        >
          {t('readMore')}
          <span className="sr-only">: {post.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
