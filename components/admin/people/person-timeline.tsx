'use client';

import { useTranslations } from 'next-intl';
import type { TimelineEntry } from '@/lib/people/timeline-queries';
import { formatDateTime } from '@/components/admin/shell/format';

/** Everything about a person, oldest first: messages, requests, visa answers, pages read, notes, stage changes. */
export function PersonTimeline({ timeline }: { timeline: TimelineEntry[] }) {
  const t = useTranslations('AdminConsole.people');
  return (
    <section aria-labelledby="person-timeline" className="space-y-2">
      <h3 id="person-timeline" className="font-semibold text-slate-900">
        {t('timeline')}
      </h3>
      <ol className="space-y-2 border-l-2 border-slate-200 pl-4" data-testid="timeline">
        {timeline.map((entry, index) => (
          <li key={`${entry.kind}-${entry.at}-${index}`} className="text-sm">
            <p className="text-xs text-slate-700">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {kindLabel(entry, t)}
            </p>
            <p className="whitespace-pre-wrap text-slate-900">{entryText(entry, t)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

type T = ReturnType<typeof useTranslations<'AdminConsole.people'>>;

function kindLabel(entry: TimelineEntry, t: T): string {
  if (entry.kind === 'message') return entry.sender === 'visitor' ? t('kinds.visitorMessage') : t('kinds.operatorMessage');
  if ('operator' in entry) return `${t(`kinds.${entry.kind}`)} · ${entry.operator}`;
  return t(`kinds.${entry.kind}`);
}

function entryText(entry: TimelineEntry, t: T): string {
  switch (entry.kind) {
    case 'message':
    case 'request':
    case 'note':
      return entry.text;
    case 'page':
      return `${entry.title} (${entry.path})`;
    case 'visa':
      return [entry.recommended ? t('recommended', { permit: entry.recommended }) : '', ...entry.answers.map((a) => `${a.label} : ${a.value}`)]
        .filter(Boolean)
        .join('\n');
    case 'stage':
      return entry.stage ? `${t(`stages.${entry.stage as 'new'}`)}${entry.text ? ` (${entry.text})` : ''}` : entry.text;
    case 'follow_up':
      return entry.text ? t('followUpEntry', { date: formatDateTime(entry.text.slice(0, 24)), reason: entry.text.slice(25) }) : t('followUpCleared');
    case 'rectify':
      return entry.text;
    case 'merge':
    case 'unmerge':
    case 'verify':
      return /^\d+$/.test(entry.text) ? `#${entry.text}` : entry.text.replace(/^(email|chat):/, '');
  }
}
