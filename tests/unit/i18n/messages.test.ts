import { describe, expect, it } from 'vitest';
import de from '@/messages/de.json';
import en from '@/messages/en.json';
import es from '@/messages/es.json';
import fr from '@/messages/fr.json';
import it_ from '@/messages/it.json';

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

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

// Identical in every language on purpose: names, figures and endonyms.
const SAME_EVERYWHERE = /^(Metadata\.siteName|Languages\.\w+|NotFound\.title|Nav\.blog|Breadcrumb\.blog|Blog\.title|Contact\.whatsapp\.title|Home\.sections\.working\.cards\.(occupation|premium)\.title|Home\.testimonials\.items\.\w+\.name|About\.team\.members\.\w+\.name|About\.timeline\.events\.2\d+)$/;

const french = flatten(fr);

describe('message files', () => {
  for (const [locale, messages] of Object.entries(TRANSLATIONS)) {
    const translated = flatten(messages);

    it(`${locale} has exactly the keys of fr`, () => {
      expect([...translated.keys()].sort()).toEqual([...french.keys()].sort());
    });

    it(`${locale} keeps every placeholder of fr`, () => {
      for (const [key, text] of french) {
        expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(text));
      }
    });

    it(`${locale} is translated, not copied from fr`, () => {
      const copied = [...french]
        .filter(([key, text]) => !SAME_EVERYWHERE.test(key) && text.length > 12 && translated.get(key) === text)
        .map(([key]) => key);
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
