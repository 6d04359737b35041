import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES, isLocale, type Locale } from '@/lib/i18n/routing';
import { findVoiceIssues, voiceTexts } from '@/lib/i18n/voice';

const BLOG_FILES = readdirSync('content/blog', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.mdx'))
  .map((file) => `content/blog/${file.replaceAll('\\', '/')}`)
  .sort();

const MESSAGE_FILES = LOCALES.map((locale) => `messages/${locale}.json`);

/** Files held to one voice per language; the language is the file name (`fr.mdx`, `es.json`). */
export const VOICE_CHECKED_FILES: readonly string[] = [...BLOG_FILES, ...MESSAGE_FILES];

function localeOf(file: string): Locale {
  const locale = /([a-z]{2})\.(?:mdx|json)$/.exec(file)?.[1];
  if (!isLocale(locale)) throw new Error(`${file}: the file name does not give its language`);
  return locale;
}

/** Every voice mistake in the given files, as `file:line rule: “match” in “excerpt”` (JSON: `file › key:line`). */
export function voiceReport(files: readonly string[]): string[] {
  return files.flatMap((file) => {
    const locale = localeOf(file);
    return voiceTexts({ file, content: readFileSync(file, 'utf8') }).flatMap(({ where, text }) =>
      findVoiceIssues(text, locale).map((hit) => `${where}:${hit.line} ${hit.rule}: “${hit.match}” in “${hit.excerpt}”`),
    );
  });
}

describe('one voice per language', () => {
  it('checks every blog post in all five languages', () => {
    expect(BLOG_FILES.length).toBeGreaterThanOrEqual(15);
    expect(new Set(BLOG_FILES.map(localeOf)).size).toBe(5);
  });

  it('finds no other form of address, US English, hand-made number or misspelt name in the checked files', () => {
    expect(voiceReport(VOICE_CHECKED_FILES)).toEqual([]);
  });
});

describe('the voice rules', () => {
  const rules = (text: string, locale: Locale) => findVoiceIssues(text, locale).map((hit) => hit.match);

  it('catch the other form of address', () => {
    expect(rules('Si tu veux, contacte-nous. Ton dossier', 'fr')).toEqual(['tu', 'contacte-nous', 'Ton']);
    expect(rules('¿Puede usted venir? Contáctenos o escríbenos.', 'es')).toEqual(['usted', 'Contáctenos']);
    expect(rules('Escriba su mensaje. Compruebe su conexión e inténtelo de nuevo. Escribe tu mensaje.', 'es')).toEqual(['Escriba', 'Compruebe', 'inténtelo']);
    expect(rules('Pide al notario que compruebe su validez: consulta la lista.', 'es')).toEqual([]);
    expect(rules('Wenn du willst, schreiben Sie uns; deine Akte', 'de')).toEqual(['du', 'deine']);
    expect(rules('La contatteremo presto; se Lei vuole, potete scriverci. Tu puoi', 'it')).toEqual(['La contatteremo', 'Lei', 'potete']);
    expect(rules('Las fuentes se contradicen: compruébelo antes. Compruébalo tú.', 'es')).toEqual(['compruébelo']);
    expect(rules('La sua famiglia la accompagna: indichi chi viene e verifichi; si informi presso il PIO. Indica chi viene.', 'it')).toEqual([
      'la accompagna',
      'indichi',
      'verifichi',
      'si informi',
    ]);
  });

  it('catch US English and US dates, not British ones', () => {
    expect(rules('We organize the program at the center on November 23, 2026 (11/23/2026).', 'en')).toEqual([
      'organize',
      'program',
      'center',
      'November 23',
      '11/23/2026',
    ]);
    expect(rules('We organise the programme at the centre on 23 November 2026 (23/11/2026); USD 1,500.', 'en')).toEqual([]);
  });

  it('hold numbers to Intl.NumberFormat of the language', () => {
    const fr = (n: number) => new Intl.NumberFormat('fr').format(n);
    expect(rules(`${fr(200000)}\u00A0USD, 5\u00A0%, «\u00A0oui\u00A0»\u00A0: non`, 'fr')).toEqual([]);
    expect(rules('« oui » : non', 'fr')).toEqual(['« ', ' ', ' ']);
    expect(rules('200 000 USD et 1,500 MUR ; 5 %', 'fr')).toEqual(['0 000', '0 ', '1,500', '0 ', ' ', '5 ']);
    // A placeholder stands for a number: "sous {hours} h" breaks the line as "2 h" would.
    expect(rules('Réponse sous {hours} h ouvrées, appel de 30 minutes', 'fr')).toEqual(['{hours} ', '0 ']);
    expect(rules('Réponse sous {hours}\u00A0h ouvrées, appel de 30\u00A0minutes', 'fr')).toEqual([]);
    const es = (n: number) => new Intl.NumberFormat('es').format(n);
    expect(rules(`${es(1500)} y ${es(200000)} USD`, 'es')).toEqual([]);
    expect(rules('1.500 y 200 000 USD', 'es')).toEqual(['1.500', '0 000']);
    expect(rules(`${new Intl.NumberFormat('de').format(1500)} Euro, 1 500 Euro`, 'de')).toEqual(['1 500']);
  });

  it('catch the names and terms chosen once', () => {
    expect(rules('Port-Louis', 'en')).toEqual(['Port-Louis']);
    expect(rules('Get this result by e-mail; our email address', 'en')).toEqual(['e-mail']);
    expect(rules('la EDB y el EDB', 'es')).toEqual(['la EDB']);
    expect(rules('fünf Arbeitstage, fünf Werktage', 'de')).toEqual(['Arbeitstage']);
  });

  it('spell the capital one way in the facts every page prints (agency, legal notice, site)', () => {
    for (const file of ['content/agency/identity.yaml', 'content/legal.yaml', 'lib/site.ts']) {
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/Port-Louis/);
    }
  });

  it('skip link targets and code', () => {
    expect(rules('[the centre](https://example.org/center?color=1) `program`', 'en')).toEqual([]);
  });

  it('report JSON messages one per key', () => {
    const texts = voiceTexts({ file: 'messages/es.json', content: JSON.stringify({ A: { b: 'Contáctenos' } }) });
    expect(texts).toEqual([{ where: 'messages/es.json › A.b', text: 'Contáctenos' }]);
  });
});
