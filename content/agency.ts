import { agencySchema } from '@/lib/agency-schema';

// Everything the agency says about itself. Each claim names its source, or says what is missing.
// `example: true` marks a placeholder: an editor replaces it with a checked fact and sets it to
// false; until then production pages leave it out. Texts live in messages/*.json.
const PLACEHOLDER = 'Placeholder from the first site; no record behind it yet. Replace with the figure from the client files.';

export const AGENCY = agencySchema.parse({
  figures: {
    families: { value: 500, unit: 'count', atLeast: true, example: true, source: PLACEHOLDER },
    satisfaction: { value: 98, unit: 'percent', atLeast: false, example: true, source: 'Placeholder: no satisfaction survey on record. Replace with the survey result (respondents, year).' },
    years: { value: 10, unit: 'count', atLeast: true, example: true, source: PLACEHOLDER },
    countries: { value: 25, unit: 'count', atLeast: true, example: true, source: PLACEHOLDER },
  },
  foundedYear: { value: 2014, example: true, source: 'Placeholder: confirm against the company registration.' },
  testimonials: [
    { id: 'claire', date: '2024-05-01', consent: false, example: true, source: 'Sample text written for the first site; not a client quote.' },
    { id: 'markus', date: '2024-05-01', consent: false, example: true, source: 'Sample text written for the first site; not a client quote.' },
    { id: 'sofia', date: '2024-05-01', consent: false, example: true, source: 'Sample text written for the first site; not a client quote.' },
  ],
  rating: null,
  team: [
    { id: 'founder', example: true, source: 'Placeholder person: replace with a real staff member who agreed to appear.' },
    { id: 'immigration', example: true, source: 'Placeholder person: replace with a real staff member who agreed to appear.' },
    { id: 'relocation', example: true, source: 'Placeholder person: replace with a real staff member who agreed to appear.' },
  ],
  timeline: [
    { year: '2014', example: true, source: 'Placeholder: confirm against the company registration.' },
    { year: '2018', example: true, source: PLACEHOLDER },
    { year: '2020', example: true, source: PLACEHOLDER },
    { year: '2024', example: true, source: PLACEHOLDER },
  ],
  guarantees: [],
  promises: {
    replyHours: 2,
    consultationHours: 24,
    planHours: 48,
    consultationMinutes: 30,
    example: false,
    source: 'Decision 15 (spec): counted in opening hours only.',
  },
  contact: {
    phone: '+230 212 4500',
    email: 'contact@maurice-expat.mu',
    street: 'Rue Sir William Newton',
    city: 'Port Louis',
    postalCode: '11328',
    country: 'MU',
  },
  offer: null,
});

/** The time zone of the opening hours, offers and every date the agency states. */
export const AGENCY_TIME_ZONE = 'Indian/Mauritius';
