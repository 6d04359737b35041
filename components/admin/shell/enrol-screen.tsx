'use client';

import { useTranslations } from 'next-intl';
import { FactorSetup } from '@/components/admin/security/factor-setup';

/** Once the grace period is over, an operator without a second factor can do nothing but enrol one. */
export function EnrolScreen({ title, onEnrolled, onRestart }: { title: string; onEnrolled: () => void; onRestart: () => void }) {
  const t = useTranslations('AdminConsole.security');
  const chat = useTranslations('AdminConsole.chat');
  return (
    <main className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <p className="text-sm font-semibold text-slate-700">{title}</p>
      <h1 className="text-2xl font-bold text-ocean-900">{t('enrolTitle')}</h1>
      <p className="text-slate-800">{t('enrolHelp')}</p>
      <FactorSetup onEnrolled={onEnrolled} />
      <button type="button" onClick={onRestart} className="min-h-11 text-sm font-semibold text-ocean-800 underline">
        {chat('logOut')}
      </button>
    </main>
  );
}
