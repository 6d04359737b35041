import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AGENCY } from '@/lib/agency';
import { FIGURE_IDS, claimsSchema, testimonialSchema, visibleEntries } from '@/lib/content/schema';
import { LOCALES } from '@/lib/i18n/routing';
import { activeOffer } from '@/lib/site';

type Messages = Record<string, unknown>;
const messages = Object.fromEntries(LOCALES.map((locale) => [locale, JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as Messages]));

function leaves(node: unknown, path = ''): [string, string][] {
  if (typeof node === 'string') return [[path, node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([key, child]) => leaves(child, path ? `${path}.${key}` : key));
  return [];
}

/** Message keys that label an agency figure: its one label, and the old per-page labels that must not come back. */
const FIGURE_LABEL_KEY = /(^|\.)(stats|figures)\.[^.]+$|(^|\.)supportValue$/;

describe('content/agency/ and the team and testimonial files', () => {
  it('pass their schema, and a real testimonial without consent fails it', () => {
    const testimonial = Object.fromEntries(Object.entries(AGENCY.testimonials[0]!).filter(([key]) => key !== 'id'));
    expect(testimonialSchema.safeParse(testimonial).success).toBe(true);
    expect(testimonialSchema.safeParse({ ...testimonial, example: false, consent: null }).error?.issues[0]?.path).toEqual(['consent']);
  });

  it('shows no rating without a platform and a link', () => {
    const { foundedYear, figures, guarantees, promises } = AGENCY;
    expect(claimsSchema.safeParse({ foundedYear, figures, guarantees, promises, rating: null }).success).toBe(true);
    expect(claimsSchema.safeParse({ foundedYear, figures, guarantees, promises, rating: { value: 4.9, count: 200 } }).success).toBe(false);
  });

  it('leaves examples out unless example content is on', () => {
    const entries = [
      { id: 'a', example: true },
      { id: 'b', example: false },
    ];
    expect(visibleEntries(entries, false).map((entry) => entry.id)).toEqual(['b']);
    expect(visibleEntries(entries, true).map((entry) => entry.id)).toEqual(['a', 'b']);
  });

  it('has no offer by default; a configured one ends at its date', () => {
    expect(activeOffer()).toBeNull();
  });

  it.each(LOCALES)('gives each figure one label in %s, and no page states a figure of its own', (locale) => {
    const all = leaves(messages[locale]);
    const labels = all.filter(([key]) => FIGURE_LABEL_KEY.test(key) && key !== 'Home.stats.label');
    expect(labels.map(([key]) => key).sort()).toEqual(FIGURE_IDS.map((id) => `Agency.figures.${id}`).sort());
    // A figure of content/agency/claims.yaml written into a text is a second value that can drift from the first.
    const values = Object.values(AGENCY.figures).map((figure) => String(figure.value));
    const written = all.filter(
      ([key, text]) =>
        !key.startsWith('VisaEngine.') &&
        !key.startsWith('Blog') &&
        values.some((value) =>
          new RegExp(
            `(^|[^\\d{])${value}\\s?(%|\\+|\\s*(familles|families|familias|Familien|famiglie|clients|clientes|Kunden|clienti|pays|countries))`,
            'i',
          ).test(text),
        ),
    );
    expect(written).toEqual([]);
  });

  // content/agency/claims.yaml counts every promise in opening hours: each text that states one says so
  // with the words the reply promise uses ("h ouvrées", "business hours", "Geschäftsstunden"…).
  it.each(LOCALES)('says “business hours” with every promised delay in %s', (locale) => {
    const text = (key: string) => key.split('.').reduce<unknown>((node, part) => (node as Messages)[part], messages[locale]) as string;
    const businessHours = /\{hours\}\s(.+)$/u.exec(text('Home.hero.chips.reply'))![1]!;
    const promises = [
      'Home.process.steps.consultation.duration',
      'Home.process.steps.plan.duration',
      'Home.why.items.personal.description',
      'Contact.subtitle',
      'Contact.form.toast.success',
      'Contact.status.thanks.text',
    ];
    expect(promises.filter((key) => !text(key).includes(businessHours))).toEqual([]);
  });
});
