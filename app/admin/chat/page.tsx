import { redirect } from 'next/navigation';
import { VIEW_HREF, conversationHref, personHref } from '@/lib/console-app/views';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** The console's former single page: links already sent (e-mails, notifications) land on their view. */
export default async function LegacyConsolePage({ searchParams }: Props) {
  const params = await searchParams;
  const conversation = first(params.conversation);
  const person = first(params.person);
  if (conversation) redirect(conversationHref(conversation));
  if (person) redirect(personHref(person));
  redirect(VIEW_HREF.conversations);
}
