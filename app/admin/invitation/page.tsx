import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { InvitationForm } from '@/components/admin/invitation/invitation-form';
import { MIN_PASSWORD_LENGTH } from '@/lib/config';
import { consoleAppTexts } from '@/lib/console-app/texts';
import { DEFAULT_LOCALE } from '@/lib/i18n/routing';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Invitation' };

/** Where an operator added in the console sets a password, from the link an admin passed on (lib/auth/team.ts). */
export default async function InvitationPage() {
  const t = await getTranslations({ locale: DEFAULT_LOCALE, namespace: 'AdminConsole.invitation' });
  return (
    <main className="mx-auto max-w-md space-y-4 p-6">
      <p className="text-sm font-semibold text-slate-700">{consoleAppTexts().name}</p>
      <h1 className="text-2xl font-bold text-ocean-900">{t('title')}</h1>
      <p className="text-slate-800">{t('intro')}</p>
      <InvitationForm minLength={MIN_PASSWORD_LENGTH} />
    </main>
  );
}
