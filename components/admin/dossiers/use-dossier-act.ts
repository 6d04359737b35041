'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { ActionResult } from '@/lib/auth/operator-action';

/** Runs a dossier's server action: a refusal is said with its code, a success renders the view again. */
export function useDossierAct() {
  const t = useTranslations('AdminConsole.dossier');
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const act = useCallback(
    async <T>(action: () => Promise<ActionResult<T>>, saved: string | ((value: T) => string) = t('saved')): Promise<T | null> => {
      setBusy(true);
      try {
        const result = await action();
        if (!result.ok) {
          toast({ title: t('failed', { code: result.code }) });
          return null;
        }
        toast({ title: typeof saved === 'function' ? saved(result.value) : saved });
        router.refresh();
        return result.value;
      } catch {
        toast({ title: t('failed', { code: 'unavailable' }) });
        return null;
      } finally {
        setBusy(false);
      }
    },
    [router, t],
  );
  return { act, busy };
}
