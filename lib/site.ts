import { config } from '@/lib/config';

/**
 * The one source of every marketing figure, contact detail and URL (decisions 15–16).
 * Pages read from here; nothing repeats a figure in a message file.
 */
export const SITE = {
  name: 'Maurice Expat',
  url: config.siteUrl,
  contact: {
    phone: '+230 212 4500',
    email: 'contact@maurice-expat.mu',
    whatsappNumber: config.whatsappNumber,
    city: 'Port-Louis',
    street: 'Rue Sir William Newton',
    postalCode: '11328',
    country: 'MU',
  },
  bookingUrl: config.bookingUrl,
  figures: {
    familiesHelped: 500,
    satisfactionRate: 98,
    yearsExperience: 10,
    countries: 25,
    ratingValue: 4.9,
    ratingCount: 200,
    replyWithinHours: 2,
    consultationWithinHours: 24,
    planWithinHours: 48,
    paperworkWeeks: '2-4',
    consultationMinutes: 30,
    foundedYear: 2014,
  },
  mauritius: {
    averageTemperatureC: 26,
    sunnyDays: 330,
    coastlineKm: 150,
    villaFromEurPerMonth: 1200,
    fibreMbps: 100,
  },
  /** How long the server keeps visitor data before deleting it (stated on the privacy page). */
  retention: config.retention,
  /** The limited offer is shown until this instant, then disappears (decision 16). */
  offer: {
    endsAt: config.offerEndsAt,
  },
} as const;

export function isOfferActive(now: Date = new Date()): boolean {
  return now.getTime() < SITE.offer.endsAt.getTime();
}

/** `https://wa.me/<digits>`: WhatsApp's click-to-chat link takes the number without `+` or spaces. */
export function whatsappUrl(number: string = SITE.contact.whatsappNumber): string {
  return `https://wa.me/${number.replace(/\D/g, '')}`;
}

export function telUrl(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function absoluteUrl(path: string): string {
  return `${SITE.url}${path.startsWith('/') ? path : `/${path}`}`;
}
