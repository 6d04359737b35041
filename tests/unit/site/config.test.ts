import { describe, expect, it } from 'vitest';
import { readEnv } from '@/lib/env';
import { SITE, isOfferActive, telUrl, whatsappUrl } from '@/lib/site';

describe('environment overrides', () => {
  it('has working defaults', () => {
    const env = readEnv({});
    expect(env.SITE_URL).toBe('http://localhost:3000');
    expect(env.BOOKING_URL).toBeUndefined();
  });

  it('reads a deployer override and drops a trailing slash', () => {
    const env = readEnv({ SITE_URL: 'https://www.example.mu/', BOOKING_URL: 'https://cal.example.mu/30min', WHATSAPP_NUMBER: '+230 5000 0000' });
    expect(env).toMatchObject({ SITE_URL: 'https://www.example.mu', BOOKING_URL: 'https://cal.example.mu/30min', WHATSAPP_NUMBER: '+230 5000 0000' });
  });

  it('treats an empty booking URL as not configured', () => {
    expect(readEnv({ BOOKING_URL: '' }).BOOKING_URL).toBeUndefined();
  });

  it.each([
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ BOOKING_URL: 'javascript:alert(1)' }, 'BOOKING_URL'],
    [{ WHATSAPP_NUMBER: 'call me' }, 'WHATSAPP_NUMBER'],
    [{ OFFER_ENDS_AT: 'tomorrow' }, 'OFFER_ENDS_AT'],
  ])('rejects %o naming the variable', (source, name) => {
    expect(() => readEnv(source)).toThrow(name);
  });
});

describe('site configuration', () => {
  it('holds the decided figures (decision 15)', () => {
    expect(SITE.figures).toMatchObject({
      familiesHelped: 500,
      satisfactionRate: 98,
      yearsExperience: 10,
      countries: 25,
      ratingValue: 4.9,
      ratingCount: 200,
      replyWithinHours: 2,
      consultationWithinHours: 24,
      consultationMinutes: 30,
    });
  });

  it('hides the limited offer after its end date (decision 16)', () => {
    const end = SITE.offer.endsAt.getTime();
    expect(isOfferActive(new Date(end - 1000))).toBe(true);
    expect(isOfferActive(new Date(end))).toBe(false);
    expect(isOfferActive(new Date(end + 86_400_000))).toBe(false);
  });

  it('builds WhatsApp and phone links', () => {
    expect(whatsappUrl('+230 5712 3456')).toBe('https://wa.me/23057123456');
    expect(telUrl('+230 212 4500')).toBe('tel:+2302124500');
  });
});
