'use client';

import { ConsoleLink } from '@/components/admin/shell/console-link';
import { useTranslations } from 'next-intl';
import { requestHref } from '@/lib/console-app/views';
import type { LeadDto } from '@/lib/leads/admin-queries';
import { formatDateTime, formatFullDate } from '@/components/admin/shell/format';

interface Props {
  leads: LeadDto[] | null;
  selectedId: number | null;
  /** The link was followed: where the focus returns when the list shows again on a phone. */
  onOpen: (id: number) => void;
}

export function LeadList({ leads, selectedId, onOpen }: Props) {
  const t = useTranslations('AdminConsole.leads');
  return (
    <section aria-labelledby="leads-title" className="flex min-h-0 flex-col rounded-xl border border-slate-200 bg-white">
      <div className="border-b border-slate-200 px-4 py-3">
        <h2 id="leads-title" className="text-lg font-semibold text-ocean-900">
          {t('listTitle')}
        </h2>
        <p className="text-sm text-slate-700">{leads === null ? t('loading') : leads.length === 0 ? t('none') : t('leadCount', { count: leads.length })}</p>
      </div>
      {leads && leads.length > 0 && (
        <ul aria-labelledby="leads-title" className="max-h-[70vh] divide-y divide-slate-200 overflow-y-auto max-xs:max-h-none">
          {leads.map((lead) => (
            <li key={lead.id}>
              <LeadItem lead={lead} selected={lead.id === selectedId} onOpen={onOpen} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HandledBadge({ handled }: { handled: boolean }) {
  const t = useTranslations('AdminConsole.leads');
  return handled ? (
    <span className="rounded-full border border-slate-400 px-2 py-0.5 font-semibold text-slate-800">{t('handled')}</span>
  ) : (
    <span className="rounded-full bg-coral-700 px-2 py-0.5 font-semibold text-white">{t('pending')}</span>
  );
}

function LeadItem({ lead, selected, onOpen }: { lead: LeadDto; selected: boolean; onOpen: (id: number) => void }) {
  const t = useTranslations('AdminConsole.leads');
  return (
    <ConsoleLink
      href={requestHref(lead.id)}
      onClick={() => onOpen(lead.id)}
      aria-current={selected ? 'page' : undefined}
      data-lead-id={lead.id}
      className={`block w-full px-4 py-3 text-left hover:bg-ocean-50 ${selected ? 'bg-ocean-100' : ''}`}
    >
      <span className="flex items-baseline justify-between gap-2">
        <span className="truncate font-semibold text-slate-900">{lead.name}</span>
        <time dateTime={lead.createdAt} title={formatFullDate(lead.createdAt)} className="shrink-0 text-xs text-slate-700">
          {formatDateTime(lead.createdAt)}
        </time>
      </span>
      <span className="mt-1 block truncate text-sm text-slate-800">{lead.email}</span>
      <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-700">
        <span>{t(`sources.${lead.source}`)}</span>
        <HandledBadge handled={lead.handledAt !== null} />
      </span>
    </ConsoleLink>
  );
}
