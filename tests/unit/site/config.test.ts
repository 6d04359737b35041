import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '@/lib/config';
import { telUrl, whatsappUrl } from '@/lib/site';

describe('environment overrides', () => {
  it('has working defaults', () => {
    const config = parseConfig({});
    expect(config.siteUrl).toBe('http://localhost:3000');
    expect(config.bookingUrl).toBeUndefined();
    expect(config.database).toEqual({ databaseUrl: undefined, dataDir: path.resolve('data') });
    expect(config.retention).toEqual({ chatDays: 365, leadDays: 1095, dossierDays: 365 });
    expect(config.operator).toBeUndefined();
    expect(config.officeHours).toBeNull();
  });

  it('refuses a count, a delay or a number of days that is not a whole number in its range, in the same words', () => {
    const refusals: [string, string, string][] = [
      ['VISA_EMAIL_HOURLY_BUDGET', '0', 'expected a whole number'],
      ['NOTIFY_HOURLY_BUDGET', '2.5', 'expected a whole number'],
      ['CHAT_EMAIL_DELAY', 'soon', 'expected a whole number of seconds'],
      ['PUSH_UNREAD_DELAY', '3601', 'expected a whole number of seconds from 0 to 3600'],
      ['CHAT_RETENTION_DAYS', '-3', 'expected a whole number of days'],
      ['LIMITER_MAX_KEYS', '99', 'expected a whole number from 100 to 1000000'],
    ];
    for (const [name, value, message] of refusals) expect(() => parseConfig({ [name]: value }), name).toThrow(`${name}: ${message}`);
    expect(parseConfig({ PUSH_UNREAD_DELAY: '3600', LIMITER_MAX_KEYS: '100', CHAT_RETENTION_DAYS: '1' })).toMatchObject({
      push: { unreadDelayMs: 3_600_000 },
      limiterMaxKeys: 100,
      retention: { chatDays: 1 },
    });
  });

  it('reads OFFICE_HOURS as weekday groups; no hours when blank', () => {
    expect(parseConfig({ OFFICE_HOURS: '1-5 09:00-17:00; 6 09:00-12:00' }).officeHours).toEqual([
      { days: [1, 2, 3, 4, 5], opens: '09:00', closes: '17:00' },
      { days: [6], opens: '09:00', closes: '12:00' },
    ]);
    expect(parseConfig({ OFFICE_HOURS: ' ' }).officeHours).toBeNull();
  });

  it('reads DIGEST_TIME as minutes after midnight, 08:00 when unset or blank', () => {
    expect(parseConfig({ DIGEST_TIME: '06:45' }).digestMinute).toBe(6 * 60 + 45);
    expect(parseConfig({}).digestMinute).toBe(8 * 60);
    expect(parseConfig({ DIGEST_TIME: ' ' }).digestMinute).toBe(8 * 60);
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
    [{ SHOW_EXAMPLE_CONTENT: 'yes' }, 'SHOW_EXAMPLE_CONTENT'],
    [{ OFFICE_HOURS: 'Mon-Fri 9-5' }, 'OFFICE_HOURS'],
    [{ DATABASE_URL: 'mysql://db/app' }, 'DATABASE_URL'],
    [{ SESSION_SECRET: 'too short' }, 'SESSION_SECRET'],
    [{ OPERATOR_EMAIL: 'nobody' }, 'OPERATOR_EMAIL'],
    [{ OPERATOR_PASSWORD: 'short' }, 'OPERATOR_PASSWORD'],
    [{ CHAT_RETENTION_DAYS: '-3' }, 'CHAT_RETENTION_DAYS'],
    [{ LEAD_RETENTION_DAYS: 'forever' }, 'LEAD_RETENTION_DAYS'],
    [{ DIGEST_TIME: '8h' }, 'DIGEST_TIME'],
    [{ DIGEST_TIME: '24:00' }, 'DIGEST_TIME'],
  ])('rejects %o naming the variable', (source, name) => {
    expect(() => parseConfig(source)).toThrow(`${name}:`);
  });
});

describe('site configuration', () => {
  it('has no WhatsApp number unless one is configured, and then a link', () => {
    expect(parseConfig({}).whatsappNumber).toBeUndefined();
    expect(whatsappUrl(undefined)).toBeNull();
    expect(whatsappUrl('+230 5000 0000')).toBe('https://wa.me/23050000000');
    expect(telUrl('+230 212 4500')).toBe('tel:+2302124500');
  });

  it('shows example content in development and tests, not in production, unless set', () => {
    expect(parseConfig({ NODE_ENV: 'development' }).showExampleContent).toBe(true);
    expect(parseConfig({ NODE_ENV: 'test' }).showExampleContent).toBe(true);
    expect(parseConfig({ NODE_ENV: 'production' }).showExampleContent).toBe(false);
    expect(parseConfig({ NODE_ENV: 'production', SHOW_EXAMPLE_CONTENT: '1' }).showExampleContent).toBe(true);
    expect(parseConfig({ NODE_ENV: 'development', SHOW_EXAMPLE_CONTENT: '0' }).showExampleContent).toBe(false);
  });
});
