import { redirect } from 'next/navigation';
import { resolveLocale } from '@/lib/i18n/page';
import { localePath } from '@/lib/routes';

// No post is published yet: every slug is unknown and goes back to the listing (spec).
export default async function BlogPostPage({ params }: PageProps<'/[locale]/blog/[slug]'>) {
  const locale = await resolveLocale(params);
  redirect(localePath(locale, 'blog'));
}
