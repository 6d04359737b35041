import type { Locale } from './routing';

/**
 * One voice per language (see the style note in the README): the form of address, British
 * English, the spellings chosen for names and terms, and numbers as `Intl.NumberFormat` writes
 * them. Each rule matches only text that is wrong wherever it appears, so a hit is always a
 * mistake; an ambiguous marker (Spanish "su", German "Ihr", English "license") is left out.
 */
export interface VoiceRule {
  /** Names the mistake and the fix, e.g. `usted form: write tú`. */
  label: string;
  pattern: RegExp;
}

export interface VoiceHit {
  rule: string;
  /** The offending text as written. */
  match: string;
  /** 1-based line in the scanned text. */
  line: number;
  /** The match with some text either side, to find it. */
  excerpt: string;
}

const LETTER = '\\p{L}\\p{N}';

/** Whole words only; `\b` knows nothing of accented letters, so letters are checked with \p{L}. */
function words(alternatives: readonly string[], flags = 'giu'): RegExp {
  return new RegExp(`(?<![${LETTER}])(?:${alternatives.join('|')})(?![${LETTER}])`, flags);
}

const MONTHS = 'January|February|March|April|May|June|July|August|September|October|November|December';

/** Grouping written with a space: no locale but French groups with spaces, and French uses U+202F. */
const SPACE_GROUPED = /\d[ \u00A0\u202F]\d{3}(?!\d)/gu;
/** English-style grouping "1,500", read as 1.5 in the other four languages. */
const COMMA_GROUPED = /(?<![\d.,])\d{1,3}(?:,\d{3})+(?![\d.,])/gu;
const PORT_LOUIS: VoiceRule = { label: 'the city is written “Port Louis”', pattern: /Port-Louis/gu };

export const VOICE_RULES: Record<Locale, readonly VoiceRule[]> = {
  fr: [
    {
      label: 'tutoiement: the reader is addressed as “vous”',
      pattern: words(['tu', 'toi', 'ton', 'ta', 'tes', 'tien(?:ne)?s?', "t[’'](?=\\p{L})", 'contacte-nous', 'écris-nous', "n[’']hésite pas"]),
    },
    { label: 'space inside a number: U+202F, as Intl.NumberFormat("fr")', pattern: /\d[ \u00A0]\d{3}(?!\d)/gu },
    { label: 'English-style grouping: write 1 500 (U+202F)', pattern: COMMA_GROUPED },
    {
      label: 'plain space before a unit or currency: use a no-break space',
      pattern:
        /(?:\d|\{\w+\}) (?=(?:USD|MUR|EUR|€|\$|%|km|m²|°C|ha|h|min|millions?|milliards?|jours?|ans?|mois|semaines?|heures?|minutes?|nuits?)(?![\p{L}\p{N}]))/gu,
    },
    { label: 'plain space before : ; ? ! »: use a no-break space', pattern: / (?=[;?»]|:(?!-)|!(?!\[))/gu },
    { label: 'plain space after «: use a no-break space', pattern: /« /gu },
    PORT_LOUIS,
  ],
  en: [
    {
      label: 'US spelling: British English is used',
      pattern: words([
        '(?:organi|reali|recogni|speciali|authori|summari|finali|prioriti|minimi|maximi|utili|emphasi|customi|apologi|categori|characteri|legali|naturali|capitali|centrali|standardi|optimi|locali|memori|critici|familiari|normali|visuali|harmoni|moderni|subsidi|stabili|mobili|moneti|digiti|itemi|sympathi)z(?:e|es|ed|ing|ation|ations|er|ers)',
        'analyz(?:e|es|ed|ing)',
        'colors?',
        'colored',
        'favor(?:s|ed|ing|ite|ites|able|ably)?',
        'honor(?:s|ed|ing|able)?',
        'labor(?:s|ed|ing|er|ers)?',
        'behaviors?',
        'neighbor(?:s|hood|hoods|ing)?',
        'humor',
        'flavors?',
        'rumors?',
        'endeavors?',
        'harbors?',
        'centers?',
        'centered',
        'theaters?',
        'liters?',
        'fibers?',
        'fulfill(?:s|ment)?',
        'enroll(?:s|ment|ments)?',
        'installments?',
        'skillful(?:ly)?',
        'travel(?:er|ers|ed|ing)',
        'cancel(?:ed|ing)',
        'model(?:ed|ing)',
        'label(?:ed|ing)',
        'counsel(?:or|ors)',
        'jewelry',
        'defense',
        'offense',
        'catalogs?',
        'gray',
        'programs?',
        'percent',
        'toward',
        'afterward',
      ]),
    },
    { label: 'one spelling: “email”, not “e-mail”', pattern: words(['e-mail(?:s|ed|ing)?'], 'giu') },
    { label: 'US date: write “23 November 2026”', pattern: new RegExp(`(?<![\\p{L}])(?:${MONTHS}) \\d{1,2}(?:st|nd|rd|th)?(?!\\d)`, 'gu') },
    { label: 'US numeric date (month first)', pattern: /(?<![\d/])(?:0?[1-9]|1[0-2])\/(?:1[3-9]|2\d|3[01])\/\d{2,4}(?![\d/])/gu },
    { label: 'space inside a number: write 1,500', pattern: SPACE_GROUPED },
    PORT_LOUIS,
  ],
  es: [
    {
      label: 'usted/vosotros form: the reader is addressed as “tú”',
      pattern: words([
        'usted(?:es)?',
        'vosotr[oa]s',
        'vuestr[oa]s?',
        'contáctenos',
        'escríbanos',
        'llámenos',
        'consúltenos',
        'díganos',
        'visítenos',
        'envíenos',
        'cuéntenos',
        'permítanos',
        'no dude(?:n)? en',
        'asegúrese',
        'póngase',
        'diríjase',
        'infórmese',
        'prepárese',
        'instálese',
        'acérquese',
        'tenga en cuenta',
        'le (?:recomendamos|aconsejamos|ayudamos|ayudaremos|acompañamos|contactaremos|responderemos|invitamos)',
        'inténtel[oa]',
        // Formal imperative with an attached pronoun: the tú form is compruébalo, solicítalo…
        '(?:compruébel|solicítel|pídal|consúltel|hágal|verifíquel|revísel|indíquel)[oa]s?',
        'recargue',
        // A formal imperative opening a sentence or clause; mid-clause the same form can be a subjunctive.
        '(?<=^|[.:;!?¿¡]\\s|\\n|\\*\\*)(?:escriba|introduzca|indique|compruebe|consulte|elija|seleccione|rellene|envíe|haga|vuelva|solicite|pida|espere|confirme|verifique|revise|descubra|reserve|contacte|llame|lleve|cuente|defina|reúna|anote)',
      ]),
    },
    { label: 'the EDB (Economic Development Board) is masculine: “el EDB”', pattern: words(['la EDB']) },
    { label: 'four-digit number: es-ES writes 1500, as Intl.NumberFormat("es")', pattern: /(?<![\d.,])\d\.\d{3}(?![\d.,])/gu },
    { label: 'space inside a number: write 200.000', pattern: SPACE_GROUPED },
    { label: 'English-style grouping: write 200.000', pattern: COMMA_GROUPED },
    PORT_LOUIS,
  ],
  de: [
    {
      label: 'du form: the reader is addressed as “Sie”',
      pattern: words(['du', 'dich', 'dir', 'dein(?:e|en|em|er|es)?', 'euch', 'euer', 'eure(?:n|m|r|s)?']),
    },
    { label: 'working days are “Werktage”', pattern: words(['Arbeitstag(?:e|en|es)?'], 'gu') },
    { label: '“ohne Staatsbürgerschaft” means stateless: a retired non-citizen is not', pattern: /ohne Staatsbürgerschaft/gu },
    { label: 'space inside a number: write 200.000', pattern: SPACE_GROUPED },
    { label: 'English-style grouping: write 200.000', pattern: COMMA_GROUPED },
    PORT_LOUIS,
  ],
  it: [
    {
      label: 'Lei form: the reader is addressed as “tu”',
      pattern: words(
        [
          '(?<=[\\p{Ll},;] )(?:Lei|Suo|Sua|Suoi|Sue)',
          'La (?:contatteremo|ricontatteremo|invitiamo|preghiamo|aiutiamo|aiuteremo|accompagniamo|accompagneremo)',
          'Le (?:consigliamo|ricordiamo|risponderemo|suggeriamo|invieremo|offriamo)',
        ],
        'gu',
      ),
    },
    {
      label: 'Lei or voi form: the reader is addressed as “tu”',
      pattern: words([
        'si rivolga',
        'si informi',
        'non esiti',
        // Formal imperatives and Lei forms seen in the visa texts; the tu forms are indica, verifica…
        'indichi',
        'verifichi',
        'preveda',
        'consulti',
        'rifaccia',
        'faccia verificare',
        'lo (?:controlli|chieda)',
        'la (?:accompagna|raggiunge)',
        'valgono per lei',
        'non ha indicato',
        'ci contatti',
        'ci scriva',
        'voi',
        'vostr[oaie]',
        'potete',
        'dovete',
        'avete',
        'siete',
        'contattateci',
        'scriveteci',
        'chiamateci',
        'non esitate',
      ]),
    },
    { label: '“Chat dal vivo” is not Italian: “chat in diretta”', pattern: /chat dal vivo/giu },
    { label: 'four-digit number: it-IT writes 1500, as Intl.NumberFormat("it")', pattern: /(?<![\d.,])\d\.\d{3}(?![\d.,])/gu },
    { label: 'space inside a number: write 200.000', pattern: SPACE_GROUPED },
    { label: 'English-style grouping: write 200.000', pattern: COMMA_GROUPED },
    PORT_LOUIS,
  ],
};

/** Link targets and bare URLs are not prose: blanked (same length, so line numbers hold). */
const NOT_PROSE = [/\]\([^)\s]*\)/g, /https?:\/\/[^\s)"'>]+/g, /`[^`\n]*`/g];

function blank(text: string): string {
  return NOT_PROSE.reduce((result, pattern) => result.replace(pattern, (found) => found.replace(/[^\n]/g, ' ')), text);
}

/** Every place where `text`, written in `locale`, breaks the voice rules. */
export function findVoiceIssues(text: string, locale: Locale): VoiceHit[] {
  const prose = blank(text);
  const hits: { index: number; hit: VoiceHit }[] = [];
  for (const rule of VOICE_RULES[locale]) {
    for (const found of prose.matchAll(rule.pattern)) {
      const index = found.index;
      const line = prose.slice(0, index).split('\n').length;
      const excerpt = text.slice(Math.max(0, index - 20), index + found[0].length + 20).replace(/\s+/g, ' ');
      hits.push({ index, hit: { rule: rule.label, match: found[0], line, excerpt } });
    }
  }
  return hits.sort((a, b) => a.index - b.index).map(({ hit }) => hit);
}

export interface VoiceText {
  /** The file, and for JSON the message key: `messages/es.json › ChatWidget.title`. */
  where: string;
  text: string;
}

/** The prose of a content file: an MDX post whole, a messages file as one text per message. */
export function voiceTexts({ file, content }: { file: string; content: string }): VoiceText[] {
  if (!file.endsWith('.json')) return [{ where: file, text: content }];
  const texts: VoiceText[] = [];
  const walk = (value: unknown, path: string[]): void => {
    if (typeof value === 'string') texts.push({ where: `${file} › ${path.join('.')}`, text: value });
    else if (Array.isArray(value)) value.forEach((item, index) => walk(item, [...path, String(index)]));
    else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) walk(item, [...path, key]);
  };
  walk(JSON.parse(content) as unknown, []);
  return texts;
}
