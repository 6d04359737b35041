import { Share2 } from '@/components/ui/icons';
import { getTranslations } from 'next-intl/server';
import { StaticImage } from '@/components/ui/static-image';
import { categoryMessageKey } from '@/lib/blog/categories';
import { formatPostDate } from '@/lib/blog/format';
import { postPath } from '@/lib/blog/seo';
import type { Post } from '@/lib/blog/types';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';
import { PostMeta } from './post-meta';
import { ShareButton } from './share-button';
import { TagList } from './tag-list';

export async function PostHeader({ post }: { post: Post }) {
  const { locale } = post;
  const t = await getTranslations({ locale, namespace: 'BlogPost' });
  const tBlog = await getTranslations({ locale, namespace: 'Blog' });
  const tCategory = await getTranslations({ locale, namespace: 'BlogCategories' });

  return (
    <header className="grid items-center gap-8 lg:grid-cols-[minmax(0,1fr)_28rem]">
      <div>
        <PostMeta
          category={tCategory(categoryMessageKey(post.category))}
          date={post.date}
          dateLabel={formatPostDate(post.date, locale)}
          readingTime={tBlog('readingTime', { minutes: post.readingMinutes })}
        />
        <h1 className="mt-4 text-3xl font-bold tracking-tight text-ocean-900 sm:text-4xl">{post.title}</h1>
        <p className="mt-4 text-xl text-slate-700">{post.description}</p>
        <div className="mt-6 flex flex-wrap items-center gap-4">
          <TagList tags={post.tags} label={t('tags')} />
          <ShareButton
            title={post.title}
            description={post.description}
            url={absoluteUrl(localePath(locale, postPath(post.slug)))}
            icon={<Share2 aria-hidden="true" className="size-4" />}
            labels={{
              share: t('share'),
              copiedTitle: t('linkCopiedTitle'),
              copiedDescription: t('linkCopiedDescription'),
              failedTitle: t('copyFailedTitle'),
              failedDescription: t('copyFailedDescription'),
            }}
          />
        </div>
      </div>
      <div className="relative aspect-[40/21] overflow-hidden rounded-2xl bg-sand-100">
        <StaticImage src={post.cover} alt="" fill loading="eager" fetchPriority="high" sizes="(min-width: 1024px) 448px, 100vw" className="object-cover" />
      </div>
    </header>
  );
}
