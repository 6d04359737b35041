'use server';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { DOSSIER_COOKIE, endSession, SECURE_DOSSIER_COOKIE } from '@/lib/dossier/access';
import { sessionTokenIn } from '@/lib/dossier/client-session';
import { isLocale } from '@/lib/i18n/routing';
import { localePath } from '@/lib/routes';

/** The client signs out: this browser's session ends on the server and its cookie goes; back to the page that mails a new link. */
export async function signOutAction(form: FormData): Promise<void> {
  const store = await cookies();
  await endSession({ token: sessionTokenIn(store) });
  for (const name of [SECURE_DOSSIER_COOKIE, DOSSIER_COOKIE]) {
    // A __Host- cookie is only replaced by one that is Secure, for Path=/.
    if (store.has(name)) store.set(name, '', { path: '/', maxAge: 0, httpOnly: true, sameSite: 'lax', secure: name === SECURE_DOSSIER_COOKIE });
  }
  const locale = String(form.get('locale') ?? '');
  redirect(localePath(isLocale(locale) ? locale : 'fr', 'dossier'));
}
