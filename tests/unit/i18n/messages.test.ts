import { readdirSync } from 'node:fs';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/i18n/routing';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import it_ from '@/messages/it.json';
import consoleTexts from '@/messages/console/fr.json';

type Tree = { [key: string]: string | Tree };
const TRANSLATIONS: Record<string, Tree> = { en, es, de, it: it_ };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else for (const [inner, text] of flatten(value, path)) entries.set(inner, text);
  }
  return entries;
}

const KINDS: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'argument',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/**
 * What a translation must keep of an ICU message: each argument with its type, the options of a
 * select (they are values, not words) and the rich-text tags. Plural branches may differ by
 * language (`few`, `many`), but each plural needs `other`.
 */
function icuShape(elements: MessageFormatElement[]): string[] {
  return elements
    .flatMap((element): string[] => {
      const kind = KINDS[element.type];
      if (!kind || !('value' in element)) return [];
      const own = `${kind}:${element.value}`;
      if (element.type === TYPE.select) {
        const options = Object.keys(element.options).sort().join('|');
        return [`${own}(${options})`, ...Object.values(element.options).flatMap((option) => icuShape(option.value))];
      }
      if (element.type === TYPE.plural) {
        const branches = Object.values(element.options).map((option) => icuShape(option.value).join());
        return [`${own}(other:${'other' in element.options})`, ...new Set(branches)];
      }
      if (element.type === TYPE.tag) return [own, ...icuShape(element.children)];
      return [own];
    })
    .sort();
}

// Identical in every language on purpose: names, figures and endonyms.
const SAME_EVERYWHERE =
  /^(Metadata\.siteName|Languages\.\w+|NotFound\.title|Nav\.blog|Breadcrumb\.blog|Blog\.title|Contact\.whatsapp\.title|Home\.sections\.working\.cards\.(occupation|premium)\.title|Home\.testimonials\.items\.\w+\.name|About\.team\.members\.\w+\.name|About\.timeline\.events\.2\d+|VisaEngine\.permits\.young_professional_permit\.name)$/;

const french = flatten(fr);

describe('message files', () => {
  it('has one file per language of the site, and no other', () => {
    const files = readdirSync('messages').filter((file) => file.endsWith('.json'));
    expect(files.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...LOCALES].sort());
  });

  it('holds the texts of the visa engine; the operator console has its own French-only file', () => {
    expect(Object.keys(fr)).toEqual(expect.arrayContaining(['VisaEngine']));
    expect(Object.keys(consoleTexts)).toEqual(['AdminConsole']);
    for (const messages of [fr, ...Object.values(TRANSLATIONS)]) expect(Object.keys(messages)).not.toContain('AdminConsole');
  });

  it('parses every console message as ICU', () => {
    for (const [key, text] of flatten(consoleTexts)) expect(() => parse(text), key).not.toThrow();
  });

  it('parses every fr message as ICU', () => {
    for (const [key, text] of french) expect(() => parse(text), key).not.toThrow();
  });

  for (const [locale, messages] of Object.entries(TRANSLATIONS)) {
    const translated = flatten(messages);

    it(`${locale} has exactly the keys of fr`, () => {
      expect([...translated.keys()].sort()).toEqual([...french.keys()].sort());
    });

    it(`${locale} keeps every ICU argument, plural, select option and tag of fr`, () => {
      for (const [key, text] of french) {
        const own = translated.get(key) ?? '';
        expect({ key, shape: icuShape(parse(own)) }).toEqual({ key, shape: icuShape(parse(text)) });
      }
    });

    it(`${locale} is translated, not copied from fr`, () => {
      const copied = [...french].filter(([key, text]) => !SAME_EVERYWHERE.test(key) && text.length > 12 && translated.get(key) === text).map(([key]) => key);
      expect(copied).toEqual([]);
    });
  }

  it('has no empty text', () => {
    for (const messages of [fr, ...Object.values(TRANSLATIONS)]) {
      for (const [key, text] of flatten(messages)) expect(text.trim(), key).not.toBe('');
    }
  });

  it('uses the spec French strings as written', () => {
    expect(fr.NotFound).toEqual({ title: '404', text: 'Page non trouvée', back: "Retour à l'accueil" });
  });
});
