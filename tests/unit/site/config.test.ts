import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { SITE, isOfferActive, telUrl, whatsappUrl } from '@/lib/site';

describe('environment overrides', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.bookingUrl).toBeUndefined();
    expect(config.database).toEqual({ databaseUrl: undefined, dataDir: path.resolve('data') });
    expect(config.retention).toEqual({ chatDays: 365, leadDays: 1095 });
    expect(config.operator).toBeUndefined();
  });

  it('reads a deployer override and drops a trailing slash', () => {
    const config = parseConfig({ SITE_URL: 'https://www.example.mu/', BOOKING_URL: 'https://cal.example.mu/30min', WHATSAPP_NUMBER: '+230 5000 0000' });
    expect(config).toMatchObject({ siteUrl: 'https://www.example.mu', bookingUrl: 'https://cal.example.mu/30min', whatsappNumber: '+230 5000 0000' });
  });

  it('treats a blank value as unset, the same way for every variable', () => {
    const config = parseConfig({ BOOKING_URL: '', DATABASE_URL: '  ', DATA_DIR: '', SESSION_SECRET: ' ', CHAT_RETENTION_DAYS: '', SMTP_URL: '' });
    expect(config.bookingUrl).toBeUndefined();
    expect(config.database).toEqual({ databaseUrl: undefined, dataDir: path.resolve('data') });
    expect(config.sessionSecret).toBeUndefined();
    expect(config.retention.chatDays).toBe(365);
    expect(config.notify.smtpUrl).toBeUndefined();
  });

  it('trims DATABASE_URL and reads the first operator, lower-cased', () => {
    const config = parseConfig({ DATABASE_URL: ' postgresql://u@db:5432/app ', OPERATOR_EMAIL: 'Ops@Example.com', OPERATOR_PASSWORD: 'twelve-chars' });
    expect(config.database.databaseUrl).toBe('postgresql://u@db:5432/app');
    expect(config.operator).toEqual({ email: 'ops@example.com', password: 'twelve-chars' });
    expect(parseConfig({ OPERATOR_EMAIL: 'ops@example.com' })).toMatchObject({ operator: undefined, operatorIncomplete: true });
  });

  it.each([
    [{ SITE_URL: 'not a url' }, 'SITE_URL'],
    [{ BOOKING_URL: 'javascript:alert(1)' }, 'BOOKING_URL'],
    [{ WHATSAPP_NUMBER: 'call me' }, 'WHATSAPP_NUMBER'],
    [{ OFFER_ENDS_AT: 'tomorrow' }, 'OFFER_ENDS_AT'],
    [{ DATABASE_URL: 'mysql://db/app' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL'],
    [{ OPERATOR_PASSWORD: 'short' }, 'OPERATOR_PASSWORD'],
    [{ CHAT_RETENTION_DAYS: '-3' }, 'CHAT_RETENTION_DAYS'],
    [{ LEAD_RETENTION_DAYS: 'forever' }, 'LEAD_RETENTION_DAYS'],
  ])('rejects %o naming the variable', (source, name) => {
    expect(() => parseConfig(source)).toThrow(`${name}:`);
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
