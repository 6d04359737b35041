import { MAX_RELATED_POSTS } from './constants';
import type { PostSummary } from './types';

/** Other posts of the same category, newest first, at most three. */
export function getRelatedPosts<T extends PostSummary>({ post, posts, limit = MAX_RELATED_POSTS }: { post: PostSummary; posts: T[]; limit?: number }): T[] {
  return posts
    .filter((other) => other.category === post.category && other.slug !== post.slug)
    .sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))
    .slice(0, limit);
}
