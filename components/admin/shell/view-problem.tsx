'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { VIEW_HREF } from '@/lib/console-app/views';

/** What a view says when it cannot be shown: gone (erased, merged), for admins only, or the server failed (retry). */
export function ViewProblem({ kind, onRetry }: { kind: 'missing' | 'forbidden' | 'failed'; onRetry?: () => void }) {
  const t = useTranslations('AdminConsole.chat');
  const router = useRouter();
  return (
    <section role="alert" className="space-y-3 rounded-xl border border-slate-200 bg-white p-6 text-slate-800">
      <h2 className="text-lg font-semibold text-ocean-900">
        {kind === 'missing' ? t('viewMissing') : kind === 'forbidden' ? t('viewForbidden') : t('viewFailed')}
      </h2>
      {kind === 'forbidden' && <p>{t('viewForbiddenHelp')}</p>}
      <div className="flex flex-wrap gap-3">
        {onRetry && (
          <button
            type="button"
            onClick={() => {
              router.refresh();
              onRetry();
            }}
            className="inline-flex min-h-11 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800"
          >
            {t('retry')}
          </button>
        )}
        <ConsoleLink
          href={VIEW_HREF.conversations}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-400 px-4 font-semibold text-slate-900 hover:bg-slate-100"
        >
          {t('backToList')}
        </ConsoleLink>
      </div>
    </section>
  );
}
