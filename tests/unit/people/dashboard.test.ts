import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { saveLead } = await import('@/lib/leads/queries');
const { setStage } = await import('@/lib/people/record-queries');
const { countVisaCheck, getDashboard } = await import('@/lib/people/dashboard-queries');

describe('the Monday numbers', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('counts this week’s conversations, requests, visa checks, first answers and stages', async () => {
    const chat = await createChatSession({ locale: 'de', startPage: '/de/visa-finder' });
    await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Hallo' });
    await saveMessage({ sessionId: chat.id, sender: 'operator', content: 'Guten Tag' });
    await createChatSession({ locale: 'fr', startPage: '/fr' });
    await saveLead({ source: 'visa', name: 'V', email: 'v@example.com', phone: null, message: '', locale: 'fr', details: null, consentAt: new Date() });
    await countVisaCheck();
    await countVisaCheck();
    await setStage({ key: `chat:${chat.id}`, stage: 'qualified', operatorEmail: 'op@example.com' });
    const data = await getDashboard();
    expect(data.weeks).toHaveLength(12);
    expect(new Date(`${data.weeks.at(-1)}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(data.conversations.at(-1)).toBe(1);
    expect(data.requests.visa.at(-1)).toBe(1);
    expect(data.requests.contact.at(-1)).toBe(0);
    expect(data.visaChecks.at(-1)).toBe(2);
    expect(data.medianFirstAnswerMinutes.at(-1)).toBe(0);
    expect(data.languages.de?.at(-1)).toBe(1);
    expect(data.pages).toEqual([{ page: '/de/visa-finder', count: 1 }]);
    expect(data.stages.qualified.at(-1)).toBe(1);
    expect(data.conversations.slice(0, -1).every((n) => n === 0)).toBe(true);
  });
});
