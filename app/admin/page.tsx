import { redirect } from 'next/navigation';
import { VIEW_HREF } from '@/lib/console-app/views';

/** The console's address opens its first view. */
export default function AdminPage() {
  redirect(VIEW_HREF.conversations);
}
