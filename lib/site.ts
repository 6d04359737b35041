import { AGENCY } from '@/lib/agency';
import { config } from '@/lib/config';

/**
 * Site-wide URLs and the contact channels. What the agency claims about itself (figures,
 * testimonials, offers) is content/agency/ (read by lib/agency.ts), its opening hours OFFICE_HOURS (lib/config.ts);
 * nothing repeats a figure in a message file.
 */
export const SITE = {
  name: AGENCY.identity.tradingName,
  url: config.siteUrl,
  contact: {
    ...AGENCY.contact,
    /** Unset: no WhatsApp link anywhere (a made-up default would reach a stranger). */
    whatsappNumber: config.whatsappNumber,
  },
  /** Which contact details are still placeholders (`example: true` in content/agency/identity.yaml). */
  contactExample: AGENCY.contactExample,
  /**
   * How a sentence tells visitors to reach the agency (the `via` of the messages that name the
   * address): by e-mail, or, while the address is a placeholder left out of the pages, through the
   * contact page, so that no sentence sends anyone to an address that is not the agency's.
   */
  contactVia: (AGENCY.contactExample.email && !config.showExampleContent ? 'form' : 'email') as 'form' | 'email',
  bookingUrl: config.bookingUrl,
  /** How long the server keeps visitor data before deleting it (stated on the privacy page). */
  retention: config.retention,
  /** Placeholder entries of content/ are shown (marked) or left out. */
  showExampleContent: config.showExampleContent,
} as const;

/** The offer of content/agency/offer.yaml while it runs; null when none is configured or it has ended. */
export function activeOffer(now: Date = new Date()) {
  const offer = AGENCY.offer;
  if (!offer) return null;
  const endsAt = new Date(offer.endsAt);
  return now.getTime() < endsAt.getTime() ? { text: offer.text, endsAt } : null;
}

/** `https://wa.me/<digits>`: WhatsApp's click-to-chat link takes the number without `+` or spaces. */
export function whatsappUrl(number: string | undefined = SITE.contact.whatsappNumber): string | null {
  return number ? `https://wa.me/${number.replace(/\D/g, '')}` : null;
}

export function telUrl(number: string): string {
  return `tel:${number.replace(/[^\d+]/g, '')}`;
}

export function absoluteUrl(path: string): string {
  return `${SITE.url}${path.startsWith('/') ? path : `/${path}`}`;
}
