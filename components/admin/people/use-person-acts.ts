'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { useConsole } from '@/components/admin/shell/console-context';
import { toast } from '@/components/ui/toast';

/** Runs a change on a person (a server action), says it is saved, then renders the view again. */
export function usePersonActs() {
  const t = useTranslations('AdminConsole.people');
  const router = useRouter();
  const { handleFailure } = useConsole();
  const act = useCallback(
    async (action: () => Promise<unknown>, done: string): Promise<boolean> => {
      try {
        await action();
        toast({ title: t('saved'), description: done });
        router.refresh();
        return true;
      } catch (error) {
        handleFailure(error, t('saveFailed'));
        return false;
      }
    },
    [handleFailure, router, t],
  );
  return { act };
}

export type PersonActs = ReturnType<typeof usePersonActs>;
