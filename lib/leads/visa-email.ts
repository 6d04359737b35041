import 'server-only';
import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/routing';
import { escapeHtml } from '@/lib/notify';
import { localePath } from '@/lib/routes';
import { absoluteUrl } from '@/lib/site';
import type { VisaRecommendation } from '@/lib/visa/types';

/** The visitor's copy of a visa-finder result, in the page language: plain text plus simple HTML. */
export async function formatVisaResultEmail({ result, locale, shareUrl }: { result: VisaRecommendation; locale: Locale; shareUrl: string }) {
  const t = await getTranslations({ locale, namespace: 'VisaFinder' });
  const sections: [string, string[]][] = [
    [t('result.recommended'), [`${result.recommended.name} — ${result.recommended.summary}`]],
    [t('result.entry'), [result.entry.text, ...result.entry.notes.map((note) => note.text)]],
    [t('result.conditions'), result.conditions.map((item) => item.text)],
    [t('result.family'), [result.family.text, ...result.family.points.map((point) => point.text)]],
    [t('result.documents'), result.documents.map((item) => item.text)],
    [t('result.processing'), [result.processingTime.text]],
    [t('result.alternatives'), result.alternatives.map((option) => `${option.name} — ${option.why}`)],
    [t('result.sources'), result.sources.filter((source) => source.official).map((source) => `${source.title}: ${source.url}`)],
  ];
  const visible = sections.filter(([, lines]) => lines.length > 0);
  const footer = [result.disclaimer, absoluteUrl(localePath(locale, 'contact'))];
  const text = [t('email.intro'), shareUrl, '', ...visible.flatMap(([title, lines]) => [title, ...lines.map((line) => `- ${line}`), '']), ...footer].join('\n');
  const html = [
    `<p>${escapeHtml(t('email.intro'))} <a href="${escapeHtml(shareUrl)}">${escapeHtml(shareUrl)}</a></p>`,
    ...visible.map(([title, lines]) => `<h2>${escapeHtml(title)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`),
    `<p>${escapeHtml(result.disclaimer)}</p>`,
  ].join('\n');
  return { subject: t('email.subject', { permit: result.recommended.name }), text, html };
}
