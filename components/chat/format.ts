import format, { type CompiledMessage } from 'icu-minify/format';

/**
 * An ICU message of messages/<locale>.json (plurals included), compiled on the server by
 * next-intl's `icu-minify` and filled in the browser, where the count, id or time is known.
 */
export type ChatTemplate = CompiledMessage;

const formatters = {
  getDateTimeFormat: (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args),
  getNumberFormat: (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args),
  getPluralRules: (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args),
};

export function formatTemplate(template: ChatTemplate, locale: string, values: Record<string, string | number>): string {
  return String(format(template, locale, values, { formatters }));
}
