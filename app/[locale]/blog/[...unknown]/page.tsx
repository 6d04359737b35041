import { redirect } from 'next/navigation';
import { resolveLocale } from '@/lib/i18n/page';
import { localePath } from '@/lib/routes';

// The [locale] layout sets dynamicParams = false, so an unknown [slug] never reaches the
// article page (Next answers 404 and tries the next matching route): this catch-all is that
// route, and sends unknown slugs back to the listing as the spec asks.
export default async function UnknownPostPage({ params }: PageProps<'/[locale]/blog/[...unknown]'>) {
  redirect(localePath(await resolveLocale(params), 'blog'));
}
