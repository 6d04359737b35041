import 'server-only';
import { config } from '@/lib/config';
import { escapeHtml, readVisitorEmailConfig, sendEmail } from '@/lib/notify';
import { localePath } from '@/lib/routes';
import { LINK_HOURS } from './access';
import type { DossierRow } from './queries';
import { dossierTexts } from './texts';

// Mails to the client, in the dossier's language: the link, a refusal, completion, the renewal.
// Without SMTP_URL nothing is sent (the operator gives the link another way).

export const dossierPageUrl = (locale: string) => `${config.siteUrl}${localePath(dossierTexts(locale).locale, 'dossier')}`;
/**
 * The link's token rides in the fragment, which no browser sends: it never reaches a server, a
 * proxy's access log or a Referer, and a scanner that fetches the page spends nothing (the page's
 * button does, with a POST).
 */
export const openLinkUrl = (token: string, locale: string) => `${config.siteUrl}${localePath(dossierTexts(locale).locale, 'dossier/open')}#${token}`;

async function send(to: string, subject: string, text: string): Promise<boolean> {
  const channel = readVisitorEmailConfig();
  if (!channel) return false;
  const html = text
    .split('\n\n')
    .map(
      (paragraph) =>
        `<p>${escapeHtml(paragraph)
          .replace(/\n/g, '<br>')
          .replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`,
    )
    .join('\n');
  await sendEmail({ email: { subject, text, html, to: [to] }, config: channel });
  return true;
}

export function mailLink(dossier: Pick<DossierRow, 'email' | 'locale' | 'permit'>, token: string) {
  const texts = dossierTexts(dossier.locale);
  return send(
    dossier.email,
    texts.t('email.linkSubject'),
    texts.t('email.linkBody', {
      permit: texts.permit(dossier.permit),
      hours: LINK_HOURS,
      url: openLinkUrl(token, dossier.locale),
      askUrl: dossierPageUrl(dossier.locale),
    }),
  );
}

export function mailRefusal(dossier: Pick<DossierRow, 'email' | 'locale'>, item: { label: string; reason: string }) {
  const texts = dossierTexts(dossier.locale);
  return send(
    dossier.email,
    texts.t('email.refusedSubject'),
    texts.t('email.refusedBody', { item: item.label, reason: item.reason, url: dossierPageUrl(dossier.locale) }),
  );
}

export function mailComplete(dossier: Pick<DossierRow, 'email' | 'locale' | 'permit'>) {
  const texts = dossierTexts(dossier.locale);
  return send(
    dossier.email,
    texts.t('email.completeSubject'),
    texts.t('email.completeBody', { permit: texts.permit(dossier.permit), url: dossierPageUrl(dossier.locale) }),
  );
}

export function mailRenewal(dossier: Pick<DossierRow, 'email' | 'locale'>, dates: { date: string; endsOn: string }) {
  const texts = dossierTexts(dossier.locale);
  return send(
    dossier.email,
    texts.t('email.renewalSubject'),
    texts.t('email.renewalBody', { date: texts.day(dates.date), endsOn: texts.day(dates.endsOn), url: dossierPageUrl(dossier.locale) }),
  );
}
