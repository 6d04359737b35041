'use client';

import { useTranslations } from 'next-intl';
import { useCallback } from 'react';
import { isLocale } from '@/lib/i18n/routing';

/** The console's name for a site language (`en` → "Anglais"); an unknown code is shown as stored. */
export function useLanguageName(): (code: string) => string {
  const t = useTranslations('AdminConsole.languages');
  return useCallback((code: string) => (isLocale(code) ? t(code) : code), [t]);
}
