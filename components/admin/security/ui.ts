'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { toast } from '@/components/ui/toast';
import { securityErrorKey } from './security-errors';

export const FIELD = 'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-ocean-700';
export const BUTTON =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-ocean-700 px-4 font-semibold text-white hover:bg-ocean-800 disabled:opacity-60';
export const SECONDARY =
  'inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-400 bg-white px-4 font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60';

export function useSecurityFailure() {
  const t = useTranslations('AdminConsole.security');
  return useCallback((error: unknown) => toast({ title: t('title'), description: t(`errors.${securityErrorKey(error)}`), variant: 'destructive' }), [t]);
}
