import { z } from 'zod';
import { LOCALES } from '@/lib/i18n/routing';

// What the agency says about itself (content/agency.ts) is checked here. An entry marked
// `example` is a placeholder an editor must replace: shown with a visible marker where example
// content is on (development, tests), left out of the page everywhere else (lib/config.ts).

const note = z.string().min(10, 'say where the claim comes from or what is missing');
const claim = { example: z.boolean(), source: note };
const localized = z.record(z.enum(LOCALES), z.string().min(1));

export const FIGURE_IDS = ['families', 'satisfaction', 'years', 'countries'] as const;

export const agencySchema = z
  .object({
    /** One value per figure; its label is `Agency.figures.<id>` in messages/*.json, the same on every page. */
    figures: z.record(
      z.enum(FIGURE_IDS),
      z.object({ ...claim, value: z.number().positive(), unit: z.enum(['count', 'percent']), atLeast: z.boolean() }),
    ),
    foundedYear: z.object({ ...claim, value: z.number().int().min(1900) }),
    /** Texts are `Home.testimonials.items.<id>`; a real testimonial needs the author's written consent. */
    testimonials: z.array(z.object({ ...claim, id: z.enum(['claire', 'markus', 'sofia']), date: z.iso.date(), consent: z.boolean() })),
    /** A rating is shown only with the platform that collected it and a link to it. */
    rating: z.object({ value: z.number().min(0).max(5), count: z.number().int().positive(), platform: z.string().min(2), url: z.url() }).nullable(),
    team: z.array(z.object({ ...claim, id: z.enum(['founder', 'immigration', 'relocation']) })),
    timeline: z.array(z.object({ ...claim, year: z.enum(['2014', '2018', '2020', '2024']) })),
    /** Only guarantees with written terms the visitor can read. */
    guarantees: z.array(z.object({ ...claim, terms: z.url() })),
    promises: z.object({ ...claim, replyHours: z.number().positive(), consultationHours: z.number().positive(), planHours: z.number().positive(), consultationMinutes: z.number().positive() }),
    contact: z.object({
      phone: z.string().regex(/^\+[0-9 ]{6,20}$/),
      email: z.email(),
      street: z.string().min(2),
      city: z.string().min(2),
      postalCode: z.string().min(2),
      country: z.string().length(2),
    }),
    /** A time-limited offer: shown until `endsAt` (with its time zone), absent when null. */
    offer: z.object({ text: localized, endsAt: z.iso.datetime({ offset: true }) }).nullable(),
  })
  .superRefine((agency, ctx) => {
    agency.testimonials.forEach((entry, index) => {
      if (!entry.example && !entry.consent) ctx.addIssue({ code: 'custom', path: ['testimonials', index, 'consent'], message: 'a real testimonial needs consent' });
    });
  });

export type Agency = z.infer<typeof agencySchema>;

/** Entries an editor has not replaced yet are left out unless example content is on. */
export function visibleEntries<T extends { example: boolean }>(entries: readonly T[], showExamples: boolean): T[] {
  return entries.filter((entry) => showExamples || !entry.example);
}
