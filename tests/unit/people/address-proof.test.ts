import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { createLinkToken, redeemLinkToken, setVisitorEmail } = await import('@/lib/chat/session-links');
const { saveLead } = await import('@/lib/leads/queries');
const { getPersonDetail } = await import('@/lib/people/timeline-queries');
const { listPeople } = await import('@/lib/people/service');
const { conversationLabel } = await import('@/lib/push/event-queries');

// An address typed by a visitor joins the person who has it only once the link e-mailed to it was
// opened: until then the console and the push notifications never show that person's name for it.

const personOf = async (sessionId: string) =>
  Number((await query<{ person_id: number | string }>('select person_id from chat_sessions where id = $1', [sessionId]))[0]?.person_id);

async function visitorTyping(email: string) {
  const chat = await createChatSession({ locale: 'fr', startPage: '/fr/contact' });
  await saveMessage({ sessionId: chat.id, sender: 'visitor', content: 'Bonjour, où en est mon dossier ?' });
  await setVisitorEmail({ sessionId: chat.id, email });
  return chat.id;
}

describe('an address typed in the chat', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('stays a person of its own, unverified and unnamed, until the e-mailed link is opened', async () => {
    const client = await saveLead({
      source: 'contact',
      name: 'Claire Martin',
      email: 'claire.proof@example.com',
      message: 'Rappelez-moi',
      locale: 'fr',
      consentAt: new Date(),
    });
    const chat = await visitorTyping('claire.proof@example.com');
    const visitor = await personOf(chat);
    expect(visitor).not.toBe(client.personId);

    const detail = await getPersonDetail({ key: String(visitor) });
    expect(detail?.person).toMatchObject({ key: String(visitor), email: 'claire.proof@example.com', emailVerified: false });
    expect(detail?.person.label).not.toContain('Claire');
    expect(detail?.sameAddress).toEqual([{ key: String(client.personId), label: 'Claire Martin' }]);
    const listed = (await listPeople({ view: 'open' })).people.find((person) => person.key === String(visitor));
    expect(listed?.label).toBe('Visiteur · Français · arrivé sur /fr/contact');
    expect(await conversationLabel({ sessionId: chat, locale: 'fr' })).toBe('Visiteur · Français');

    // The reply mail's link, opened: the address is proven, the visitor joins Claire.
    const token = await createLinkToken({ sessionId: chat });
    expect(await redeemLinkToken({ token })).toMatchObject({ id: chat });
    const joined = await getPersonDetail({ key: String(visitor) });
    expect(joined?.person).toMatchObject({ key: String(client.personId), label: 'Claire Martin', emailVerified: true });
    expect(joined?.person.conversations.map((conversation) => conversation.sessionId)).toEqual([chat]);
    expect(joined?.timeline.some((entry) => entry.kind === 'verify')).toBe(true);
    expect(await conversationLabel({ sessionId: chat, locale: 'fr' })).toBe('Claire Martin');
  });

  it('proves only the address the link was sent to', async () => {
    const client = await saveLead({
      source: 'contact',
      name: 'Paul Durand',
      email: 'paul.proof@example.com',
      message: 'Rappelez-moi',
      locale: 'fr',
      consentAt: new Date(),
    });
    const chat = await visitorTyping('someone.else@example.com');
    const token = await createLinkToken({ sessionId: chat });
    await setVisitorEmail({ sessionId: chat, email: 'paul.proof@example.com' });
    await redeemLinkToken({ token });
    const detail = await getPersonDetail({ key: String(await personOf(chat)) });
    expect(detail?.person).toMatchObject({ emailVerified: false });
    expect(detail?.person.key).not.toBe(String(client.personId));
    expect(await conversationLabel({ sessionId: chat, locale: 'fr' })).toBe('Visiteur · Français');
  });

  it('never joins a contact-form request to another person by its address', async () => {
    const first = await saveLead({
      source: 'contact',
      name: 'Anna Weber',
      email: 'anna.proof@example.com',
      message: 'Hallo',
      locale: 'de',
      consentAt: new Date(),
    });
    const second = await saveLead({
      source: 'visa',
      name: 'anna.proof',
      email: 'anna.proof@example.com',
      message: 'Ergebnis',
      locale: 'de',
      consentAt: new Date(),
    });
    expect(second.personId).not.toBe(first.personId);
    expect((await getPersonDetail({ key: String(second.personId) }))?.sameAddress).toEqual([{ key: String(first.personId), label: 'Anna Weber' }]);
  });
});
