import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { DURATIONS, FAMILY_ANSWERS, NATIONALITIES, PERMIT_IDS, WORK_CONTEXTS, WORK_STATUSES, recommendVisa, type VisaInput } from '@/lib/visa';
import { getConditionSpecs } from '@/lib/visa/conditions';
import type { TemplateValues } from '@/lib/visa/render';
import { SOURCES } from '@/lib/visa/sources';
import * as textValues from '@/lib/visa/text-values';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import it_ from '@/messages/it.json';
import { allInputs, collectTexts } from './fixtures';

/** Each file's own `VisaEngine` namespace, without the French fallback pages get. */
const VISA_TEXTS: Record<Locale, typeof fr.VisaEngine> = {
  fr: fr.VisaEngine,
  en: en.VisaEngine,
  es: es.VisaEngine,
  de: de.VisaEngine,
  it: it_.VisaEngine,
};

type Tree = { [key: string]: string | Tree };

/** Leaf paths of a text tree with their template, e.g. `['conditions.op_salary', '…']`. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}
const placeholders = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const frLeaves = leaves(VISA_TEXTS.fr as unknown as Tree);

describe('visa texts', () => {
  it.each(LOCALES)('%s has exactly the fr keys, with the same placeholders', (locale) => {
    const own = new Map(leaves(VISA_TEXTS[locale] as unknown as Tree));
    expect([...own.keys()].sort()).toEqual(frLeaves.map(([key]) => key).sort());
    for (const [key, template] of frLeaves) {
      const expected = { key, placeholders: placeholders(template) };
      expect({ key, placeholders: placeholders(own.get(key) ?? '') }).toEqual(expected);
      expect((own.get(key) ?? '').trim()).not.toBe('');
    }
  });

  it.each(LOCALES)('%s templates hold no figure: numbers come from the rules', (locale) => {
    const withDigits = leaves(VISA_TEXTS[locale] as unknown as Tree)
      .filter(([key]) => !key.startsWith('options.') && !key.startsWith('sources.'))
      .filter(([, template]) => /\d/.test(template.replaceAll('G+2', '')));
    expect(withDigits).toEqual([]);
  });

  it('has a label for every option, permit and source, and none for anything else', () => {
    const { options, permits, sources } = VISA_TEXTS.fr;
    expect(Object.keys(options.nationalities)).toEqual([...NATIONALITIES]);
    expect(Object.keys(options.durations)).toEqual([...DURATIONS]);
    expect(Object.keys(options.workStatuses)).toEqual([...WORK_STATUSES]);
    expect(Object.keys(options.familyAnswers)).toEqual([...FAMILY_ANSWERS]);
    expect(Object.keys(options.workContexts)).toEqual([...WORK_CONTEXTS]);
    expect(Object.keys(permits)).toEqual([...PERMIT_IDS]);
    expect(Object.keys(sources).sort()).toEqual(Object.keys(SOURCES).sort());
  });

  it('gives every non-fact value a placeholder in its fr template', () => {
    const maps: [string, Partial<Record<string, TemplateValues>>, (id: string) => string][] = [
      ['permits', textValues.PERMIT_SUMMARY_VALUES, (id) => VISA_TEXTS.fr.permits[id as 'visitor'].summary],
      ['reasons', textValues.REASON_VALUES, (id) => VISA_TEXTS.fr.reasons[id as 'longer_stay']],
      ['notes', textValues.NOTE_VALUES, (id) => VISA_TEXTS.fr.notes[id as 'retired_age']],
      ['entry', textValues.ENTRY_VALUES, (id) => VISA_TEXTS.fr.entry[id as 'eta']],
      ['family', textValues.FAMILY_VALUES, (id) => VISA_TEXTS.fr.family.points[id as 'join_later']],
      ['documents', textValues.DOCUMENT_VALUES, (id) => VISA_TEXTS.fr.documents[id as 'passport']],
    ];
    const specs = PERMIT_IDS.flatMap((permit) => getConditionSpecs({ permit, prpCategories: ['retired', 'professional', 'investor', 'self_employed'] }));
    maps.push([
      'conditions',
      Object.fromEntries(specs.map((spec) => [spec.id, spec.values])),
      (id) => {
        return VISA_TEXTS.fr.conditions[id as 'op_salary'];
      },
    ]);
    for (const [group, values, template] of maps) {
      for (const [id, named] of Object.entries(values)) {
        const shown = Object.entries(named ?? {})
          .filter(([, value]) => value.kind !== 'fact')
          .map(([name]) => name);
        const missing = shown.filter((name) => name !== 'basis' && !placeholders(template(id)).includes(name));
        expect({ group, id, missing }).toEqual({ group, id, missing: [] });
      }
    }
  });
});

describe('localised results', () => {
  const FRENCH_WORDS = /\b(vous|votre|vos|avec|pour|les|des|mois|jours|ans|séjour|permis|être|à confirmer)\b/i;
  const FRENCH_IN_OTHERS = /\b(vous|votre|avec|séjour|mois)\b/i;
  const inputs = allInputs();
  // Each test renders all 3,332 answers: a loaded CI machine needs more than the default 5 s.
  const EVERY_ANSWER = { timeout: 30_000 };

  it('has no French in English results', EVERY_ANSWER, () => {
    for (const input of inputs) {
      const french = collectTexts(recommendVisa({ input, locale: 'en' })).filter((text) => FRENCH_WORDS.test(text));
      expect({ input, french }).toEqual({ input, french: [] });
    }
  });

  it.each(['es', 'de', 'it'] as const)('has no French in %s results', EVERY_ANSWER, (locale) => {
    for (const input of inputs) {
      const french = collectTexts(recommendVisa({ input, locale })).filter((text) => FRENCH_IN_OTHERS.test(text));
      expect({ input, french }).toEqual({ input, french: [] });
    }
  });

  it('formats amounts and dates in the page language', () => {
    const input: VisaInput = { nationality: 'France', duration: '1-2 ans', workStatus: 'Retraité' };
    const texts = (locale: (typeof LOCALES)[number]) => JSON.stringify(recommendVisa({ input, locale }));
    expect(texts('en')).toMatch(/USD\s2,000/);
    expect(texts('fr')).toMatch(/2\s000/);
    expect(texts('de')).toContain('2.000');
    expect(recommendVisa({ input, locale: 'en' }).disclaimer).toMatch(/\d{1,2} [A-Z][a-z]+ \d{4}/);
    expect(recommendVisa({ input, locale: 'de' }).disclaimer).toMatch(/\d{1,2}\. [A-Z][a-zä]+ \d{4}/);
  });
});
