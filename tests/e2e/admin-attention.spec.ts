import { E2E_OPERATOR, FULL_CHROMIUM } from '../../playwright.config';
import { expect, test } from './fixtures';
import { createVisitor, startServer, tempDataDir } from './server-process';

// Notifications: the full browser (the headless shell has none).
test.use({ launchOptions: FULL_CHROMIUM });

type Recorder = { __notifications: { title: string; body?: string }[]; __chimes: number; __hidden: boolean };

test('with the console in a background tab, a visitor message raises a notification and a sound, and the title counts unread conversations', async ({
  browser,
  servers,
}) => {
  test.setTimeout(120_000);
  // Its own server: the title counts every unread conversation on it.
  const server = await startServer(servers.port(0), { DATA_DIR: tempDataDir(), OPERATOR_EMAIL: E2E_OPERATOR.email, OPERATOR_PASSWORD: E2E_OPERATOR.password });
  const context = await browser.newContext();
  try {
    await context.grantPermissions(['notifications'], { origin: server.url });
    // Records what the page asks of the browser; a test cannot send a real tab to the background.
    await context.addInitScript(() => {
      const w = window as unknown as Recorder & { Notification: typeof Notification; AudioContext: typeof AudioContext };
      w.__notifications = [];
      w.__chimes = 0;
      w.__hidden = false;
      const Original = w.Notification;
      const Recording = function (title: string, options?: NotificationOptions) {
        w.__notifications.push({ title, body: options?.body });
        return new Original(title, options);
      } as unknown as typeof Notification;
      Object.defineProperty(Recording, 'permission', { get: () => Original.permission });
      Object.defineProperty(Recording, 'requestPermission', { value: (...args: []) => Original.requestPermission(...args) });
      w.Notification = Recording;
      const OriginalAudio = w.AudioContext;
      w.AudioContext = class extends OriginalAudio {
        constructor(options?: AudioContextOptions) {
          super(options);
          w.__chimes += 1;
        }
      };
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (w.__hidden ? 'hidden' : 'visible') });
    });
    const page = await context.newPage();
    await page.goto(`${server.url}/admin`);
    await page.getByLabel('Adresse e-mail').fill(E2E_OPERATOR.email);
    await page.getByLabel('Mot de passe').fill(E2E_OPERATOR.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /en direct|connecté/i })
        .first(),
    ).toBeVisible();
    const base = await page.title();
    const setHidden = (hidden: boolean) =>
      page.evaluate((value) => {
        (window as unknown as Recorder).__hidden = value;
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    const recorded = () =>
      page.evaluate(() => ({ notifications: (window as unknown as Recorder).__notifications, chimes: (window as unknown as Recorder).__chimes }));

    await setHidden(true);
    const first = await createVisitor(server.url);
    expect((await first.send('Bonjour, quelqu’un ?')).status).toBe(201);
    await expect(page).toHaveTitle(`(1) ${base}`);
    await expect
      .poll(async () => (await recorded()).notifications)
      .toEqual([{ title: "Nouveau message d'un visiteur", body: expect.stringContaining('Bonjour, quelqu’un ?') }]);
    expect((await recorded()).chimes).toBe(1);

    const second = await createVisitor(server.url);
    expect((await second.send('Une autre question')).status).toBe(201);
    await expect(page).toHaveTitle(`(2) ${base}`);
    await expect.poll(async () => (await recorded()).notifications.length).toBe(2);

    // Back in front: no alert for the next message, and the title keeps counting what is unread.
    await setHidden(false);
    expect((await first.send('Toujours là')).status).toBe(201);
    await expect(page.locator(`a[data-session-id="${first.id}"]`)).toBeVisible();
    await page.waitForTimeout(500);
    expect((await recorded()).notifications).toHaveLength(2);
    await expect(page).toHaveTitle(`(2) ${base}`);
    // The conversation opened has a title of its own: the count stays in front of it.
    await page.locator(`a[data-session-id="${first.id}"]`).click();
    await expect(page).toHaveTitle(/^\(1\) Conversation \w{8} · Console Maurice Expat$/);
  } finally {
    await context.close();
    await server.stop();
  }
});
