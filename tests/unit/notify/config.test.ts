import { afterEach, describe, expect, it, vi } from 'vitest';

const { parseConfig } = await import('@/lib/config');
const notifyModule = await import('@/lib/notify/config');
/** The notification channels of an environment, through the one configuration parser. */
const readNotifyConfig = (source: Record<string, string>) => notifyModule.readNotifyConfig(parseConfig(source));

const SMTP_URL = 'smtp://mailer:p4ssw0rd-secret@smtp.example.com:587';

describe('readNotifyConfig', () => {
  it('enables nothing, and reports nothing, when no variable is set', () => {
    expect(readNotifyConfig({})).toEqual({
      config: { siteUrl: 'http://localhost:3000', email: null, webhook: null },
      problems: [],
    });
  });

  it('treats blank variables as unset', () => {
    const { config, problems } = readNotifyConfig({ SMTP_URL: ' ', NOTIFY_EMAIL_TO: '', NOTIFY_WEBHOOK_URL: '' });
    expect(config).toMatchObject({ email: null, webhook: null });
    expect(problems).toEqual([]);
  });

  it('reads both channels independently', () => {
    const { config, problems } = readNotifyConfig({
      SITE_URL: 'https://www.maurice-expat.mu/',
      SMTP_URL: 'smtps://smtp.example.com',
      NOTIFY_EMAIL_TO: 'ops@example.com,  Boss <boss@example.com> ,',
      NOTIFY_WEBHOOK_URL: 'https://hooks.example.com/T0/B1',
      NOTIFY_WEBHOOK_SECRET: 'whsec',
    });
    expect(problems).toEqual([]);
    expect(config).toEqual({
      siteUrl: 'https://www.maurice-expat.mu',
      email: {
        smtpUrl: 'smtps://smtp.example.com',
        to: ['ops@example.com', 'Boss <boss@example.com>'],
        from: 'Maurice Expat <no-reply@www.maurice-expat.mu>',
        timeoutMs: 10_000,
      },
      webhook: { url: 'https://hooks.example.com/T0/B1', secret: 'whsec', timeoutMs: 5_000 },
    });
  });

  it.each([
    [{}, 'Maurice Expat <no-reply@localhost>'],
    [{ SMTP_URL: 'smtp://ops%40agency.mu:pw@smtp.example.com' }, 'Maurice Expat <ops@agency.mu>'],
    [{ NOTIFY_EMAIL_FROM: ' Agence <alerts@agency.mu> ' }, 'Agence <alerts@agency.mu>'],
    [{ NOTIFY_EMAIL_FROM: 'alerts@agency.mu' }, 'alerts@agency.mu'],
    [{ SITE_URL: 'http://127.0.0.1:3000' }, 'Maurice Expat <no-reply@localhost>'],
  ])('derives the sender %j → %s', (extra, from) => {
    const { config } = readNotifyConfig({ SMTP_URL, NOTIFY_EMAIL_TO: 'ops@example.com', ...extra });
    expect(config.email?.from).toBe(from);
  });

  it.each([
    [{ SMTP_URL }, 'NOTIFY_EMAIL_TO: missing'],
    [{ NOTIFY_EMAIL_TO: 'ops@example.com' }, 'SMTP_URL: missing'],
  ])('disables e-mail alone when half of it is configured: %j', (source, problem) => {
    const { config, problems } = readNotifyConfig({ ...source, NOTIFY_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });
    expect(config.email).toBeNull();
    expect(config.webhook?.url).toBe('http://127.0.0.1:9/hook');
    expect(problems).toEqual([`e-mail notifications disabled, ${problem}`]);
    expect(problems.join()).not.toContain('p4ssw0rd-secret');
  });

  it.each([
    [{ SMTP_URL: 'http://mailer:p4ssw0rd-secret@smtp.example.com', NOTIFY_EMAIL_TO: 'ops@example.com' }, 'SMTP_URL: expected smtp'],
    [{ SMTP_URL: 'not a url p4ssw0rd-secret', NOTIFY_EMAIL_TO: 'ops@example.com' }, 'SMTP_URL: expected smtp'],
    [{ SMTP_URL, NOTIFY_EMAIL_TO: 'ops@example.com, nobody' }, 'NOTIFY_EMAIL_TO: expected comma-separated'],
    [{ SMTP_URL, NOTIFY_EMAIL_TO: 'ops@example.com', NOTIFY_EMAIL_FROM: 'Evil\r\nBcc: <x@y.z>' }, 'NOTIFY_EMAIL_FROM: expected'],
    [{ NOTIFY_WEBHOOK_URL: 'ftp://hooks.example.com/x' }, 'NOTIFY_WEBHOOK_URL: expected http://… or https://…'],
    [{ NOTIFY_WEBHOOK_URL: 'hooks.example.com/x' }, 'NOTIFY_WEBHOOK_URL: expected http://… or https://…'],
    [{ NOTIFY_WEBHOOK_URL: 'https://' }, 'NOTIFY_WEBHOOK_URL: expected http://… or https://…'],
  ])('stops the start on a malformed value, naming the variable but not its value: %j', (source, problem) => {
    expect(() => parseConfig(source)).toThrow(problem);
    try {
      parseConfig(source);
    } catch (error) {
      expect((error as Error).message).not.toContain('p4ssw0rd-secret');
    }
  });
});

describe('getNotifyConfig', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  it('derives the channels of the process configuration once and logs a problem once', async () => {
    vi.resetModules();
    vi.stubEnv('SMTP_URL', SMTP_URL);
    vi.stubEnv('NOTIFY_EMAIL_TO', '');
    vi.stubEnv('NOTIFY_WEBHOOK_URL', 'http://127.0.0.1:9/hook');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { getNotifyConfig } = await import('@/lib/notify/config');
    const first = getNotifyConfig();
    expect(getNotifyConfig()).toBe(first);
    expect(first).toMatchObject({ email: null, webhook: { url: 'http://127.0.0.1:9/hook' } });
    expect(warn.mock.calls).toEqual([['[notify] e-mail notifications disabled, NOTIFY_EMAIL_TO: missing']]);
  });
});
