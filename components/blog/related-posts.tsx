import type { PostSummary } from '@/lib/blog/types';
import { PostCard } from './post-card';

export function RelatedPosts({ posts, title }: { posts: PostSummary[]; title: string }) {
  if (posts.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mx-auto mt-16 max-w-6xl px-4">
      <h2 id="related-title" className="text-2xl font-bold tracking-tight text-ocean-900">
        {title}
      </h2>
      <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostCard post={post} headingLevel={3} />
          </li>
        ))}
      </ul>
    </section>
  );
}
