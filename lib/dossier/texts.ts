import { createTranslator, type Locale as IntlLocale } from 'next-intl';
import { messagesFor } from '@/lib/i18n/messages';
import { DEFAULT_LOCALE, isLocale, LOCALE_TAGS, type Locale } from '@/lib/i18n/routing';
import { describeDocument, getPermitNames, isDocumentId } from '@/lib/visa';
import type { ItemRow } from './queries';
import { REFUSAL_REASONS, type RefusalReason } from './types';
import { validityOf } from './validity';

/** The dossier's texts in one language (the client's, or the console's French): Dossier.* of messages/<locale>.json. */
export function dossierTexts(localeName: string) {
  const locale: Locale = isLocale(localeName) ? localeName : DEFAULT_LOCALE;
  const t = createTranslator({ locale: LOCALE_TAGS[locale] as IntlLocale, messages: messagesFor(locale), namespace: 'Dossier' });
  const permits = getPermitNames({ locale }) as Record<string, string>;
  const dates = new Intl.DateTimeFormat(LOCALE_TAGS[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  const day = (iso: string) => dates.format(new Date(`${iso}T00:00:00Z`));
  return {
    locale,
    t,
    day,
    permit: (id: string) => permits[id] ?? id,
    /** An item's name: the operator's, else the visa engine's text of the document. */
    itemLabel: (item: Pick<ItemRow, 'label' | 'documentId'>) =>
      item.label ?? (item.documentId && isDocumentId(item.documentId) ? describeDocument(item.documentId, locale).text : (item.documentId ?? '')),
    /** A refusal as the client reads it: a reason of the list in their language, or the operator's words. */
    reason: (stored: string | null) => {
      if (!stored) return '';
      const code = stored.startsWith('code:') ? stored.slice(5) : null;
      return code && (REFUSAL_REASONS as readonly string[]).includes(code) ? t(`reasons.${code as RefusalReason}`) : stored;
    },
    /** What makes the item valid, each rule marked "à vérifier" where no dated or official source states it. */
    validity: (documentId: string | null) =>
      validityOf(documentId).map((rule) => ({
        text: t(`validity.${rule.id}`, { months: 'months' in rule ? rule.months : 0, years: 'years' in rule ? rule.years : 0 }),
        checked: rule.checked,
        source: rule.checked ? { ids: rule.sources.join(', '), asOf: rule.asOf } : null,
      })),
    sources: (documentId: string | null) => (documentId && isDocumentId(documentId) ? describeDocument(documentId, locale).sources : []),
  };
}
export type DossierTexts = ReturnType<typeof dossierTexts>;
