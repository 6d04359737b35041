import { LOCALES, type Locale } from '../i18n/routing';

// The files `npm run content:new` writes (lib/cli/content-new.ts), kept apart to be tested.

const TODO: Record<Locale, string> = {
  fr: 'TODO : texte en français',
  en: 'TODO: text in English',
  es: 'TODO: texto en español',
  de: 'TODO: Text auf Deutsch',
  it: 'TODO: testo in italiano',
};

/** Five MDX files: valid front matter, `draft: true` until the editor removes it, TODO everywhere text is due. */
export function scaffoldPost({ slug, date, category }: { slug: string; date: string; category: string }): Record<string, string> {
  return Object.fromEntries(
    LOCALES.map((locale) => [
      `content/blog/${slug}/${locale}.mdx`,
      [
        '---',
        `title: "${TODO[locale]} (title, up to 70 characters)"`,
        `description: "${TODO[locale]} (description of 50 to 160 characters, shown by search engines)"`,
        `date: "${date}"`,
        `cover: "/images/blog/${slug}.jpg"`,
        `tags: ["TODO"]`,
        `category: "${category}"`,
        'draft: true',
        '---',
        '',
        `${TODO[locale]}`,
        '',
        '## TODO',
        '',
      ].join('\n'),
    ]),
  );
}

/** One YAML file per person, a placeholder (`example: true`) until filled and consented. */
export function scaffoldPerson({ id }: { id: string }): Record<string, string> {
  const perLanguage = (what: string) => LOCALES.map((locale) => `  ${locale}: "${TODO[locale]} (${what})"`).join('\n');
  return {
    [`content/team/${id}.yaml`]: [
      '# One person of the team. See content/README.md, "Adding a person".',
      'name: "TODO: first name and last name"',
      '# Position on the page (1 first); people without one come after, by name.',
      'order: 10',
      '# A square photo under public/images/team/, at least 256 px wide, or null for initials.',
      'photo: null',
      'photoAlt: null',
      'role:',
      perLanguage('role'),
      'bio:',
      perLanguage('two sentences'),
      '# The day the person agreed in writing to appear on the site, "YYYY-MM-DD".',
      'consentDate: null',
      '# Set to false once everything above is true: the person then appears on the published site.',
      'example: true',
      'source: "TODO: where the facts come from (e.g. the person, contract of 2026-11-02)"',
      '',
    ].join('\n'),
  };
}
