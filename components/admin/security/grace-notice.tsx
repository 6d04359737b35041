import { getTranslations } from 'next-intl/server';
import { ConsoleLink } from '@/components/admin/shell/console-link';
import { VIEW_HREF } from '@/lib/console-app/views';

/** Above every view while the operator works without a second factor: until when, and where to add one. */
export async function GraceNotice({ date }: { date: string }) {
  const t = await getTranslations('AdminConsole.security');
  return (
    <p role="status" className="mx-3 mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900 sm:mx-4">
      {t('graceNotice', { date })}{' '}
      <ConsoleLink href={VIEW_HREF.security} className="font-semibold text-ocean-800 underline">
        {t('graceLink')}
      </ConsoleLink>
    </p>
  );
}
