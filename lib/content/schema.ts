import { z } from 'zod';
// Relative, not "@/": next.config.ts reads the placeholders (lib/content/placeholders.ts) before the alias exists.
import { LOCALES, type Locale } from '../i18n/routing';

// The one schema of everything under content/ that is not a blog post (lib/blog/schema.ts). Every
// message is written for an editor: it says what the field should hold, in plain words.

const LANGUAGE_NAMES: Record<Locale, string> = { fr: 'French', en: 'English', es: 'Spanish', de: 'German', it: 'Italian' };

const text = (what: string) =>
  z
    .string({ error: `expected ${what}` })
    .trim()
    .min(1, `expected ${what}, not an empty text`);
const flag = z.boolean({ error: 'expected true or false' });
const note = z
  .string({ error: 'expected a sentence saying where the claim comes from, or what is missing' })
  .min(10, 'say in a sentence where the claim comes from, or what is missing');
const isoDate = z
  .string({ error: 'expected a date written "YYYY-MM-DD" (in quotes)' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date written YYYY-MM-DD')
  .pipe(z.iso.date('expected a real calendar date, YYYY-MM-DD'));

/** One text per language: fr, en, es, de and it, none empty. */
export const localized = z.object(
  Object.fromEntries(LOCALES.map((locale) => [locale, text(`a text in ${LANGUAGE_NAMES[locale]} (${locale})`)])) as Record<Locale, ReturnType<typeof text>>,
  { error: `expected one text per language: ${LOCALES.join(', ')}` },
);
export type Localized = z.infer<typeof localized>;

const claim = { example: flag, source: note };
const fact = <T extends z.ZodType>(value: T) => z.object({ value, example: flag }).strict();

export const FIGURE_IDS = ['families', 'satisfaction', 'years', 'countries'] as const;

export const identitySchema = z
  .object({
    tradingName: text('the name the agency trades under'),
    legalName: fact(text('the registered company name')),
    legalForm: fact(text('the legal form of the company')),
    register: fact(text('the register the company is recorded in')),
    registrationNumber: fact(text('the registration number')),
    director: fact(text('the name of the publication director')),
    phone: fact(
      z.string({ error: 'expected a phone number' }).regex(/^\+[0-9 ]{6,20}$/, 'expected a phone number in international format, such as "+230 212 4500"'),
    ),
    email: fact(z.email({ error: 'expected an e-mail address' })),
    address: z
      .object({
        street: text('a street'),
        city: text('a city'),
        postalCode: text('a postal code (in quotes)'),
        country: z.string().length(2, 'expected a two-letter country code such as MU'),
        example: flag,
      })
      .strict(),
    social: z.array(
      z.object({ network: text('the name of the network'), url: z.url({ error: 'expected a full web address (https://…)' }), example: flag }).strict(),
    ),
  })
  .strict();

export const claimsSchema = z
  .object({
    foundedYear: z.object({ ...claim, value: z.number().int().min(1900, 'expected a year such as 2014') }).strict(),
    figures: z.object(
      Object.fromEntries(
        FIGURE_IDS.map((id) => [
          id,
          z
            .object({
              ...claim,
              value: z.number({ error: 'expected a number' }).positive(),
              unit: z.enum(['count', 'percent'], { error: 'expected count or percent' }),
              atLeast: flag,
            })
            .strict(),
        ]),
      ) as Record<
        (typeof FIGURE_IDS)[number],
        z.ZodObject<{
          example: typeof flag;
          source: typeof note;
          value: z.ZodNumber;
          unit: z.ZodEnum<{ count: 'count'; percent: 'percent' }>;
          atLeast: typeof flag;
        }>
      >,
    ),
    /** A rating is shown only with the platform that collected it and a link to it. */
    rating: z
      .object({ value: z.number().min(0).max(5), count: z.number().int().positive(), platform: text('the platform that collected the rating'), url: z.url() })
      .strict()
      .nullable(),
    /** Only guarantees with written terms the visitor can read. */
    guarantees: z.array(z.object({ ...claim, terms: z.url({ error: 'expected the web address of the written terms' }) }).strict()),
    promises: z
      .object({
        ...claim,
        replyHours: z.number().positive(),
        consultationHours: z.number().positive(),
        planHours: z.number().positive(),
        consultationMinutes: z.number().positive(),
      })
      .strict(),
  })
  .strict();

export const timelineSchema = z
  .object({
    events: z.array(
      z
        .object({ ...claim, year: z.number({ error: 'expected a year such as 2018' }).int().min(1900, 'expected a year such as 2018'), text: localized })
        .strict(),
    ),
  })
  .strict();

export const offerSchema = z
  .object({
    offer: z
      .object({
        text: localized,
        endsAt: z.iso.datetime({ offset: true, error: 'expected a date and time with its offset, such as "2027-01-31T23:59:00+04:00"' }),
      })
      .strict()
      .nullable(),
  })
  .strict();

const photoPath = z.string().regex(/^\/images\/[\w./-]+\.(?:jpe?g|png|webp|avif)$/, 'expected a picture under public/images, such as /images/team/anne.jpg');

export const personSchema = z
  .object({
    name: text('the name shown on the page'),
    order: z.number().int().optional(),
    photo: photoPath.nullable(),
    photoAlt: localized.nullable(),
    role: localized,
    bio: localized,
    /** The day the person agreed to appear on the site. */
    consentDate: isoDate.nullable(),
    ...claim,
  })
  .strict()
  .superRefine((person, ctx) => {
    if (!person.example && !person.consentDate)
      ctx.addIssue({ code: 'custom', path: ['consentDate'], message: 'a real team member needs the date they agreed to appear (YYYY-MM-DD)' });
    if (person.photo && !person.photoAlt)
      ctx.addIssue({ code: 'custom', path: ['photoAlt'], message: 'a photo needs a description in each language (photoAlt)' });
  });

export const testimonialSchema = z
  .object({
    author: text('the author as shown, such as "Claire D."'),
    origin: localized,
    text: localized,
    date: isoDate,
    consent: z
      .object({ date: isoDate, form: z.enum(['written', 'email', 'signed-form'], { error: 'expected written, email or signed-form' }) })
      .strict()
      .nullable(),
    ...claim,
  })
  .strict()
  .superRefine((entry, ctx) => {
    if (!entry.example && !entry.consent)
      ctx.addIssue({ code: 'custom', path: ['consent'], message: 'a real testimonial needs the date and form of the author’s consent' });
  });

export const legalSchema = z
  .object({
    host: z
      .object({ name: fact(text('the host’s name')), address: fact(text('the host’s address')), website: fact(z.url({ error: 'expected a web address' })) })
      .strict(),
  })
  .strict();

export const holidaysSchema = z
  .object({
    sources: z.record(z.string(), z.string()).optional(),
    years: z.array(
      z
        .object({
          year: z.number().int(),
          complete: flag,
          source: note,
          holidays: z.array(z.object({ date: isoDate, name: text('the holiday’s name') }).strict()),
        })
        .strict(),
    ),
  })
  .strict();

export type Person = z.infer<typeof personSchema> & { id: string };
export type Testimonial = z.infer<typeof testimonialSchema> & { id: string };

/** Entries an editor has not replaced yet are left out unless example content is on. */
export function visibleEntries<T extends { example: boolean }>(entries: readonly T[], showExamples: boolean): T[] {
  return entries.filter((entry) => showExamples || !entry.example);
}
