import { redirect } from 'next/navigation';
import { CONSOLE_VIEWS } from '@/lib/console-app/views';

/** The console's address opens its first view. */
export default function AdminPage() {
  redirect(CONSOLE_VIEWS[0].href);
}
