import type { Page, PlaywrightWorkerArgs } from '@playwright/test';
import { E2E_OPERATOR } from '../../playwright.config';
import { openConsole } from './console-login';
import { expect } from './fixtures';

export const WIDGET_TEXTS = {
  fr: { title: 'Chat en direct', placeholder: 'Tapez votre message...', open: 'Ouvrir le chat' },
  en: { title: 'Live chat', placeholder: 'Type your message...', open: 'Open the chat' },
  es: { title: 'Chat en vivo', placeholder: 'Escribe tu mensaje...', open: 'Abrir el chat' },
  de: { title: 'Live-Chat', placeholder: 'Geben Sie Ihre Nachricht ein...', open: 'Chat öffnen' },
  it: { title: 'Chat in diretta', placeholder: 'Scrivi il tuo messaggio...', open: 'Apri la chat' },
} as const;

const STORAGE_KEY = 'maurice-expat:chat-session';

/** The operator's console of the server at `url`, logged in (once per worker), its live stream connected. */
export const logInToConsole = (page: Page, url: string) => openConsole(page, url);

/** The visitor's chat widget on a page. */
export class ChatWidgetPage {
  readonly launcher;
  readonly panel;
  readonly input;
  readonly sendButton;
  readonly log;

  constructor(readonly page: Page) {
    this.launcher = page.locator('button[aria-haspopup="dialog"]');
    this.panel = page.getByRole('dialog');
    // The message field (the panel may also show the e-mail offer's field).
    this.input = this.panel.getByRole('textbox').and(this.panel.locator('input[type="text"]'));
    this.sendButton = this.panel.locator('form:has(input[type="text"]) button[type="submit"]');
    this.log = this.panel.getByRole('log');
  }

  async open(name: string | RegExp = 'Ouvrir le chat') {
    await expect(this.launcher).toHaveAccessibleName(name);
    await this.launcher.click();
    await expect(this.panel).toBeVisible();
  }

  /** The first session of a fresh PGlite database can take a while to open. */
  async waitReady() {
    await expect(this.input).toBeEnabled({ timeout: 30_000 });
  }

  async send(text: string, { expectShown = true } = {}) {
    await this.input.fill(text);
    await this.input.press('Enter');
    if (expectShown) await expect(this.log.getByRole('listitem').filter({ hasText: text })).toHaveCount(1);
  }

  storedSession(): Promise<{ id: string; token: string; readId: number } | null> {
    return this.page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null'), STORAGE_KEY);
  }
}

type Playwright = PlaywrightWorkerArgs['playwright'];
type Message = { id: number; sender: string; content: string };
const clientAddress = () => `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

/** The visitor API called directly with the widget's credentials (a second tab, in effect). */
export async function chatApi(playwright: Playwright, baseURL: string, { id, token }: { id: string; token: string }) {
  const request = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Authorization: `Bearer ${token}`, 'X-Forwarded-For': clientAddress() },
  });
  return {
    async send(content: string): Promise<Message> {
      const response = await request.post(`/api/chat/sessions/${id}/messages`, { data: { content } });
      expect(response.status()).toBe(201);
      return (await response.json()).message;
    },
    async messages(): Promise<Message[]> {
      const response = await request.get(`/api/chat/sessions/${id}/messages`);
      expect(response.status()).toBe(200);
      return (await response.json()).messages;
    },
    dispose: () => request.dispose(),
  };
}

/** The operator side through the admin API (login, then replies). */
export async function operatorApi(playwright: Playwright, baseURL: string) {
  const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress() } });
  const login = await request.post('/api/admin/login', { data: E2E_OPERATOR });
  expect(login.status(), await login.text()).toBe(200);
  return {
    async reply(sessionId: string, content: string) {
      const response = await request.post(`/api/admin/sessions/${sessionId}/messages`, { data: { content } });
      expect(response.status()).toBe(201);
    },
    dispose: () => request.dispose(),
  };
}

/** Collects the bodies of the page's requests matching a method and path. */
export function countRequests(page: Page, method: string, pattern: RegExp) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) seen.push(request.postData() ?? '');
  });
  return seen;
}
