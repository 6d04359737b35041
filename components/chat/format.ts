/** Fills `{name}` placeholders of a raw (untranslated-at-runtime) message template. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) => (name in values ? String(values[name]) : match));
}

export function unreadText(locale: string, count: number, one: string, other: string): string {
  const form = new Intl.PluralRules(locale).select(count);
  return fillTemplate(form === 'one' ? one : other, { count });
}
