import 'server-only';
import { getTranslations } from 'next-intl/server';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { escapeHtml } from '@/lib/notify';
import { localePath } from '@/lib/routes';
import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import { config } from '@/lib/config';
import { absoluteUrl, SITE } from '@/lib/site';
import { evidenceMarker, formatSourceDate, groupSources, type EvidenceMarker } from '@/lib/visa/evidence';
import type { SourceLink, VisaRecommendation } from '@/lib/visa/types';

const MARKER_KEY = { conflict: 'result.markerConflict', low: 'result.markerLow', single: 'result.markerSingle' } as const satisfies Record<
  EvidenceMarker,
  string
>;

/** The visitor's copy of a visa-finder result, in the page language: plain text plus simple HTML. */
export async function formatVisaResultEmail({
  result,
  locale,
  shareUrl,
  requestedAt = new Date(),
}: {
  result: VisaRecommendation;
  locale: Locale;
  shareUrl: string;
  requestedAt?: Date;
}) {
  const t = await getTranslations({ locale, namespace: 'VisaFinder' });
  const tag = LOCALE_TAGS[locale];
  const marked = (text: string, marker: EvidenceMarker | null) => (marker ? `${text} [${t(MARKER_KEY[marker])}]` : text);
  const sourceLine = (source: SourceLink) => {
    const date = formatSourceDate(source.asOf, tag);
    return `${source.title} (${date ? t('result.sourceDated', { date }) : t('result.sourceUndated')}): ${source.url}`;
  };
  const byId = new Map(result.sources.map((source) => [source.id, source]));
  const cite = (ids: readonly SourceLink['id'][]) => {
    const cited = ids.flatMap((id) => byId.get(id)?.title ?? []).join(' · ');
    return cited ? [t('result.conditionSources', { list: cited })] : [];
  };
  const conditions = result.conditions.flatMap((item) => [
    marked(item.text, evidenceMarker(item)),
    ...(item.conflict ? [item.conflict] : []),
    ...cite(item.sourceIds),
  ]);
  const { official, secondary } = groupSources(result.sources);
  const reviewed = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${result.reviewedAt}T12:00:00Z`));
  const sections: [string, string[]][] = [
    [t('result.recommended'), [`${result.recommended.name} — ${result.recommended.summary}`]],
    [
      t('result.entry'),
      [marked(result.entry.text, evidenceMarker(result.entry)), ...cite(result.entry.sourceIds), ...result.entry.notes.map((note) => note.text)],
    ],
    [t('result.conditions'), conditions.length > 0 ? [t('result.markerLegend'), ...conditions] : []],
    [t('result.family'), [result.family.text, ...result.family.points.map((point) => point.text)]],
    [t('result.documents'), result.documents.map((item) => item.text)],
    [t('result.processing'), [marked(result.processingTime.text, evidenceMarker({ confidence: result.processingTime.confidence, sourceIds: [] }))]],
    [t('result.alternatives'), result.alternatives.map((option) => `${option.name} — ${option.why}`)],
    [t('result.nextSteps'), result.nextSteps.map((option) => `${option.name} — ${option.why}`)],
    [t('result.notes'), result.notes.map((note) => note.text)],
    [t('result.sourcesOfficial'), official.map(sourceLine)],
    [t('result.sourcesSecondary'), secondary.map(sourceLine)],
  ];
  const visible = sections.filter(([, lines]) => lines.length > 0);
  // Anyone may type any address: the mail says why it came and how to have the address erased.
  const requested = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: AGENCY_TIME_ZONE }).format(requestedAt);
  const why = [t('email.why', { site: new URL(config.siteUrl).host, date: requested }), t('email.erase', { email: SITE.contact.email, via: SITE.contactVia })];
  const footer = [t('result.reviewed', { date: reviewed }), result.disclaimer, absoluteUrl(localePath(locale, 'contact')), '', ...why];
  const text = [t('email.intro'), shareUrl, '', ...visible.flatMap(([title, lines]) => [title, ...lines.map((line) => `- ${line}`), '']), ...footer].join('\n');
  const html = [
    `<p>${escapeHtml(t('email.intro'))} <a href="${escapeHtml(shareUrl)}">${escapeHtml(shareUrl)}</a></p>`,
    ...visible.map(([title, lines]) => `<h2>${escapeHtml(title)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`),
    `<p>${escapeHtml(t('result.reviewed', { date: reviewed }))}</p>`,
    `<p>${escapeHtml(result.disclaimer)}</p>`,
    ...why.map((line) => `<p><small>${escapeHtml(line)}</small></p>`),
  ].join('\n');
  return { subject: t('email.subject', { permit: result.recommended.name }), text, html };
}
