import type { Confidence, Quantity, RuleValue } from './rules';
import type { VisaLocale } from './schema';
import type { SourceId } from './sources';
import { VISA_TEXTS, type VisaTexts } from './texts';
import type { DurationValue, LocalizedItem, MoneyAmount } from './types';

/** Figures a template may show, keyed by placeholder name (`{amount}` → `values.amount`). */
export type TemplateValues = Readonly<Record<string, RuleValue>>;

const LOCALE_TAGS: Record<VisaLocale, string> = { fr: 'fr-FR', en: 'en-GB', es: 'es-ES', de: 'de-DE', it: 'it-IT' };
const CONFIDENCE_RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat | Intl.PluralRules>(key: string, make: () => T): T {
  const existing = formatters.get(key);
  if (existing) return existing as T;
  const created = make();
  formatters.set(key, created);
  return created;
}

export function formatMoney(money: Pick<MoneyAmount, 'amount' | 'currency'>, locale: VisaLocale): string {
  const tag = LOCALE_TAGS[locale];
  const format = cached(`money:${tag}:${money.currency}`, () => {
    // Codes rather than symbols: a bare "$" reads as any dollar in several locales.
    return new Intl.NumberFormat(tag, {
      style: 'currency',
      currency: money.currency,
      currencyDisplay: 'code',
      maximumFractionDigits: 0,
    });
  });
  return format.format(money.amount);
}

export function formatDate(isoDate: string, locale: VisaLocale): string {
  const tag = LOCALE_TAGS[locale];
  const format = cached(`date:${tag}`, () => {
    return new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  });
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

export function formatQuantity(quantity: Pick<Quantity, 'value' | 'unit'>, locale: VisaLocale): string {
  const tag = LOCALE_TAGS[locale];
  if (quantity.unit === 'percent') {
    const format = cached(`percent:${tag}`, () => new Intl.NumberFormat(tag, { style: 'percent' }));
    return format.format(quantity.value / 100);
  }
  const number = cached(`number:${tag}`, () => new Intl.NumberFormat(tag)).format(quantity.value);
  if (quantity.unit === null) return number;
  const plural = cached(`plural:${tag}`, () => new Intl.PluralRules(tag)).select(quantity.value);
  const forms = VISA_TEXTS[locale].units[quantity.unit];
  return (plural === 'one' ? forms.one : forms.other).replace('{n}', number);
}

function formatValue(value: RuleValue, locale: VisaLocale): string {
  switch (value.kind) {
    case 'amount':
      return formatMoney(value, locale);
    case 'quantity':
      return formatQuantity(value, locale);
    case 'date':
      return formatDate(value.value, locale);
    case 'fact':
      throw new Error('A fact has no text to show in a template');
  }
}

/** Fills `{name}` placeholders; a placeholder without a value is a bug, so it throws. */
export function renderTemplate(template: string, values: TemplateValues, locale: VisaLocale): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value) throw new Error(`No value for {${name}} in "${template}"`);
    return formatValue(value, locale);
  });
}

export interface MergedEvidence {
  confidence: Confidence;
  sourceIds: SourceId[];
  asOf: string | null;
}

/** A statement is only as sure as its weakest figure and as recent as its newest source. */
export function mergeEvidence(values: readonly RuleValue[]): MergedEvidence {
  const sourceIds = [...new Set(values.flatMap((value) => value.sources))];
  const dates = values.flatMap((value) => (value.asOf ? [value.asOf] : [])).sort();
  const confidence = values.reduce<Confidence>(
    (lowest, value) => (CONFIDENCE_RANK[value.confidence] < CONFIDENCE_RANK[lowest] ? value.confidence : lowest),
    'high',
  );
  return { confidence, sourceIds, asOf: dates.at(-1) ?? null };
}

export function moneyOf(values: TemplateValues): MoneyAmount[] {
  return Object.values(values).flatMap((value) =>
    value.kind === 'amount' ? [{ amount: value.amount, currency: value.currency, per: value.per }] : [],
  );
}

export function figuresOf(values: TemplateValues): Record<string, number> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) => (value.kind === 'quantity' ? [[name, value.value]] : [])),
  );
}

export function durationOf(quantity: Quantity): DurationValue | null {
  return quantity.unit === null || quantity.unit === 'percent' ? null : { value: quantity.value, unit: quantity.unit };
}

/** Renders texts for one locale and remembers every figure shown, to cite its sources. */
export interface Renderer {
  locale: VisaLocale;
  texts: VisaTexts;
  text(template: string, values?: TemplateValues): string;
  item(id: string, template: string, values?: TemplateValues): LocalizedItem;
  usedValues(): readonly RuleValue[];
}

export function createRenderer(locale: VisaLocale): Renderer {
  const used: RuleValue[] = [];
  const text = (template: string, values: TemplateValues = {}) => {
    used.push(...Object.values(values));
    return renderTemplate(template, values, locale);
  };
  return {
    locale,
    texts: VISA_TEXTS[locale],
    text,
    item: (id, template, values) => ({ id, text: text(template, values) }),
    usedValues: () => used,
  };
}
