import 'server-only';
import { getTranslations } from 'next-intl/server';
import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import { config } from '@/lib/config';
import { LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { escapeHtml } from '@/lib/notify';
import { SITE } from '@/lib/site';
import { formatSourceDate } from '@/lib/visa/evidence';
import { formatPlanDate, labelled } from './texts';
import type { VisaPlan } from './types';

/** The visitor's copy of a relocation plan: every step with its date, cost, sources and confidence, then the fees. */
export async function formatPlanEmail({
  plan,
  locale,
  planUrl,
  requestedAt = new Date(),
}: {
  plan: VisaPlan;
  locale: Locale;
  planUrl: string;
  requestedAt?: Date;
}) {
  const t = await getTranslations({ locale, namespace: 'VisaPlan' });
  const tFinder = await getTranslations({ locale, namespace: 'VisaFinder' });
  const tag = LOCALE_TAGS[locale];
  const level = (confidence: VisaPlan['steps'][number]['confidence']) => t(`confidence.${confidence ?? 'none'}`);
  const titles = (ids: readonly string[]) => ids.flatMap((id) => plan.sources.find((source) => source.id === id)?.title ?? []).join(' · ');
  const steps = plan.steps.map((step) => [
    `${step.dateText} — ${step.title}`,
    ...(step.fitNote ? [step.fitNote] : []),
    step.text,
    ...step.needs.map((need) => `  · ${need}`),
    labelled(locale, t('labels.cost'), step.cost),
    labelled(locale, t('labels.confidence'), level(step.confidence)) +
      (step.sourceIds.length > 0 ? ` · ${labelled(locale, t('labels.sources'), titles(step.sourceIds))}` : ''),
  ]);
  const fees = [
    ...plan.fees.map(
      (fee) =>
        `${fee.text} (${labelled(locale, t('labels.confidence'), level(fee.confidence))}${fee.sourceIds.length > 0 ? ` · ${titles(fee.sourceIds)}` : ''})`,
    ),
    t('fees.agency'),
  ];
  const sources = plan.sources.map((source) => {
    const date = formatSourceDate(source.asOf, tag);
    return labelled(locale, `${source.title} (${date ? tFinder('result.sourceDated', { date }) : tFinder('result.sourceUndated')})`, source.url);
  });
  const reviewed = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${plan.reviewedAt}T12:00:00Z`));
  const requested = new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: AGENCY_TIME_ZONE }).format(requestedAt);
  const why = [
    tFinder('email.why', { site: new URL(config.siteUrl).host, date: requested }),
    tFinder('email.erase', { email: SITE.contact.email, via: SITE.contactVia }),
  ];
  const head = [t('permit', { permit: plan.permit.name }), ...(plan.arrival ? [t('email.arrival', { date: formatPlanDate(plan.arrival, locale) })] : [])];
  const footer = [t('reviewed', { date: reviewed }), plan.disclaimer];
  const text = [
    t('email.intro'),
    planUrl,
    '',
    ...head,
    '',
    ...steps.flatMap((lines) => [...lines, '']),
    t('fees.title'),
    ...fees.map((line) => `- ${line}`),
    '',
    t('sources.title'),
    ...sources.map((line) => `- ${line}`),
    '',
    ...footer,
    '',
    ...why,
  ].join('\n');
  const list = (lines: string[]) => `<ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`;
  const html = [
    `<p>${escapeHtml(t('email.intro'))} <a href="${escapeHtml(planUrl)}">${escapeHtml(planUrl)}</a></p>`,
    ...head.map((line) => `<p><strong>${escapeHtml(line)}</strong></p>`),
    ...steps.map(([title, ...rest]) => `<h3>${escapeHtml(title!)}</h3>${list(rest)}`),
    `<h2>${escapeHtml(t('fees.title'))}</h2>${list(fees)}`,
    `<h2>${escapeHtml(t('sources.title'))}</h2>${list(sources)}`,
    ...footer.map((line) => `<p>${escapeHtml(line)}</p>`),
    ...why.map((line) => `<p><small>${escapeHtml(line)}</small></p>`),
  ].join('\n');
  return { subject: t('email.subject', { permit: plan.permit.name }), text, html };
}
