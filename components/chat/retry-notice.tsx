'use client';

import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { formatTemplate, type ChatTemplate } from './format';

/** Throttled: "Vous pourrez écrire à nouveau à 14:32", in the visitor's own clock. */
export function RetryNotice({ retryAt, locale, template }: { retryAt: string | null; locale: Locale; template: ChatTemplate }) {
  const time = retryAt ? new Intl.DateTimeFormat(LOCALE_TAGS[locale], { hour: '2-digit', minute: '2-digit' }).format(new Date(retryAt)) : '';
  return (
    <p aria-live="polite" data-testid="chat-retry" className={retryAt ? 'bg-sand-100 px-4 py-1 text-xs text-slate-800' : 'sr-only'}>
      {retryAt ? formatTemplate(template, locale, { time }) : ''}
    </p>
  );
}
