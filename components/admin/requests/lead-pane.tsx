'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState, type ReactNode } from 'react';
import { unwrap } from '@/components/admin/shell/action-result';
import { useConsole } from '@/components/admin/shell/console-context';
import { toast } from '@/components/ui/toast';
import { conversationHref } from '@/lib/console-app/views';
import { markHandled } from './actions';
import { useRequests } from './requests-context';
import type { LeadDto } from '@/lib/leads/admin-queries';
import { formatFullDate, shortSessionId, telHref } from '@/components/admin/shell/format';
import { HandledBadge } from '@/components/admin/requests/lead-list';
import { LeadVisaDetails } from '@/components/admin/requests/lead-visa-details';
import { useLanguageName } from '@/components/admin/conversations/use-language-name';

const BOX = 'flex min-h-[24rem] flex-col rounded-xl border border-slate-200 bg-white';
const H3 = 'text-base font-semibold text-ocean-900';
const BUTTON =
  'inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 disabled:opacity-60';
const LINK = 'font-medium break-all text-ocean-700 underline hover:text-ocean-900';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-slate-700">{label} :</dt>
      <dd className="min-w-0 font-medium break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Every field is rendered as text by React: a visitor's HTML never becomes markup. */
export function LeadPane({ lead }: { lead: LeadDto | null }) {
  const t = useTranslations('AdminConsole.leads');
  const languageName = useLanguageName();
  const router = useRouter();
  const { handleFailure } = useConsole();
  const { manageData } = useRequests();
  const [pending, setPending] = useState(false);
  if (!lead) {
    return (
      <section aria-label={t('selectPrompt')} className={`${BOX} items-center justify-center p-6`}>
        <p className="text-slate-700">{t('selectPrompt')}</p>
      </section>
    );
  }
  const handled = lead.handledAt !== null;

  async function toggle(current: LeadDto) {
    setPending(true);
    try {
      await unwrap(markHandled(current.id, !handled));
      toast({ title: t('success'), description: handled ? t('markedPending') : t('markedHandled') });
      router.refresh();
    } catch (error) {
      handleFailure(error, t('updateFailed'));
    }
    setPending(false);
  }

  return (
    <section aria-labelledby="lead-title" className={BOX} data-lead-detail={lead.id}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0">
          <h2 id="lead-title" className="text-lg font-semibold break-words text-ocean-900">
            {lead.name}
          </h2>
          <p className="mt-1 text-xs text-slate-700">
            <HandledBadge handled={handled} />
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" onClick={() => void toggle(lead)} disabled={pending} className={BUTTON}>
            {handled ? t('markPending') : t('markHandled')}
          </button>
          <button type="button" onClick={() => manageData(lead.email)} className={BUTTON}>
            {t('manageData')}
          </button>
        </div>
      </div>
      <dl className="space-y-1 px-4 py-3 text-sm">
        <Field label={t('email')}>
          <a href={`mailto:${lead.email}`} className={LINK}>
            {lead.email}
          </a>
          {isUnverifiedEmail(lead.details) ? <span className="ml-2 text-xs text-slate-700">{t('emailUnverified')}</span> : null}
        </Field>
        <Field label={t('phone')}>
          {lead.phone ? (
            <a href={telHref(lead.phone)} className={LINK}>
              {lead.phone}
            </a>
          ) : (
            t('noPhone')
          )}
        </Field>
        <Field label={t('source')}>{t(`sources.${lead.source}`)}</Field>
        <Field label={t('language')}>{languageName(lead.locale)}</Field>
        <Field label={t('receivedAt')}>{formatFullDate(lead.createdAt)}</Field>
        <Field label={t('consentAt')}>{formatFullDate(lead.consentAt)}</Field>
        <Field label={t('status')}>{lead.handledAt ? t('handledOn', { date: formatFullDate(lead.handledAt) }) : t('pending')}</Field>
      </dl>
      <section aria-labelledby="lead-message-title" className="border-t border-slate-200 px-4 py-3">
        <h3 id="lead-message-title" className={H3}>
          {t('message')}
        </h3>
        <p data-testid="lead-message" className="mt-1 break-words whitespace-pre-wrap text-slate-900">
          {lead.message}
        </p>
      </section>
      <LeadVisaDetails lead={lead} />
      <section aria-labelledby="lead-linked-title" className="border-t border-slate-200 px-4 py-3">
        <h3 id="lead-linked-title" className={H3}>
          {t('linkedTitle')}
        </h3>
        {lead.linkedSessionIds.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('noLinked')}</p>
        ) : (
          <ul className="mt-2 flex flex-wrap gap-2">
            {lead.linkedSessionIds.map((sessionId) => (
              <li key={sessionId}>
                <ConsoleLink href={conversationHref(sessionId)} data-linked-session={sessionId} className={BUTTON}>
                  {t('openConversation', { shortId: shortSessionId(sessionId) })}
                </ConsoleLink>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}

/** Visa leads carry `emailVerified: false`: anyone can type any address into the visa finder. */
function isUnverifiedEmail(details: unknown): boolean {
  return typeof details === 'object' && details !== null && (details as { emailVerified?: unknown }).emailVerified === false;
}
