import type { Confidence, Quantity, RuleValue } from './rules';
import type { VisaLocale } from './schema';
import type { SourceId } from './sources';
import { visaIntl, type VisaTextKey } from './texts';
import type { DurationValue, LocalizedItem, MoneyAmount } from './types';

/** Figures a template may show, keyed by placeholder name (`{amount}` → `values.amount`). */
export type TemplateValues = Readonly<Record<string, RuleValue>>;

const CONFIDENCE_RANK: Record<Confidence, number> = { low: 0, medium: 1, high: 2 };

export function formatMoney(money: Pick<MoneyAmount, 'amount' | 'currency'>, locale: VisaLocale): string {
  // Codes rather than symbols: a bare "$" reads as any dollar in several locales.
  return visaIntl(locale).format.number(money.amount, {
    style: 'currency',
    currency: money.currency,
    currencyDisplay: 'code',
    maximumFractionDigits: 0,
  });
}

export function formatDate(isoDate: string, locale: VisaLocale): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return visaIntl(locale).format.dateTime(date, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** A number with its unit, pluralised by the `units` messages (`{n, plural, one {# day} …}`). */
export function formatQuantity(quantity: Pick<Quantity, 'value' | 'unit'>, locale: VisaLocale): string {
  const { t, format } = visaIntl(locale);
  if (quantity.unit === 'percent') return format.number(quantity.value / 100, { style: 'percent' });
  if (quantity.unit === null) return format.number(quantity.value);
  return t(`units.${quantity.unit}`, { n: quantity.value });
}

function formatFigure(value: RuleValue, locale: VisaLocale): string {
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

// The engine is pure and its figures are constants: each figure and each text is formatted once
// per language (next-intl recompiles a message's formats on every call with values).
const figureCache = new Map<VisaLocale, WeakMap<RuleValue, string>>();
const textCache = new Map<string, string>();

function formatValue(value: RuleValue, locale: VisaLocale): string {
  let figures = figureCache.get(locale);
  if (!figures) figureCache.set(locale, (figures = new WeakMap()));
  let text = figures.get(value);
  if (text === undefined) figures.set(value, (text = formatFigure(value, locale)));
  return text;
}

/**
 * Formats the message `key` with its figures. Facts only bring their sources, so they are not
 * passed; a placeholder without a value makes next-intl's translator throw.
 */
export function renderText(key: VisaTextKey, values: TemplateValues, locale: VisaLocale): string {
  const args: Record<string, string> = {};
  let cacheKey = `${locale}\u0000${key}`;
  for (const [name, value] of Object.entries(values)) {
    if (value.kind === 'fact') continue;
    args[name] = formatValue(value, locale);
    cacheKey += `\u0000${name}\u0000${args[name]}`;
  }
  let text = textCache.get(cacheKey);
  if (text === undefined) textCache.set(cacheKey, (text = visaIntl(locale).t(key, args)));
  return text;
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
  return Object.values(values).flatMap((value) => (value.kind === 'amount' ? [{ amount: value.amount, currency: value.currency, per: value.per }] : []));
}

export function figuresOf(values: TemplateValues): Record<string, number> {
  return Object.fromEntries(Object.entries(values).flatMap(([name, value]) => (value.kind === 'quantity' ? [[name, value.value]] : [])));
}

export function durationOf(quantity: Quantity): DurationValue | null {
  return quantity.unit === null || quantity.unit === 'percent' ? null : { value: quantity.value, unit: quantity.unit };
}

/** Renders texts for one locale and remembers every figure shown, to cite its sources. */
export interface Renderer {
  locale: VisaLocale;
  text(key: VisaTextKey, values?: TemplateValues): string;
  item(id: string, key: VisaTextKey, values?: TemplateValues): LocalizedItem;
  usedValues(): readonly RuleValue[];
}

export function createRenderer(locale: VisaLocale): Renderer {
  const used: RuleValue[] = [];
  const text = (key: VisaTextKey, values: TemplateValues = {}) => {
    used.push(...Object.values(values));
    return renderText(key, values, locale);
  };
  return {
    locale,
    text,
    item: (id, key, values) => ({ id, text: text(key, values) }),
    usedValues: () => used,
  };
}
