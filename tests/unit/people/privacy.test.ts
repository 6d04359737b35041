import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');
const { addNote, mergePeople, setFollowUp, setStage } = await import('@/lib/people/record-queries');
const { eraseSubjectData, exportSubjectData } = await import('@/lib/privacy/subject-data');
const { purgeExpiredData } = await import('@/lib/privacy/queries');

const operatorEmail = 'op@example.com';

async function chatWith(locale: string, text: string) {
  const chat = await createChatSession({ locale, startPage: `/${locale}` });
  await saveMessage({ sessionId: chat.id, sender: 'visitor', content: text });
  return chat.id;
}

const request = (email: string, name: string, chatSessionId?: string) =>
  saveLead({ source: 'contact', name, email, phone: null, message: 'Bonjour', locale: 'fr', details: null, consentAt: new Date(), chatSessionId });

/** A visitor who wrote in the chat, sent the contact form from it, and a conversation an operator merged into them. */
async function person(email: string) {
  const linked = await chatWith('fr', 'Salut');
  const { personId } = await request(email, 'Anna', linked);
  await linkChatSessionToEmail({ sessionId: linked, email });
  const anonymous = await chatWith('de', 'Hallo');
  const key = String(personId);
  await setStage({ key, stage: 'client', operatorEmail });
  await addNote({ key, body: `Note privée sur ${email}`, operatorEmail });
  await setFollowUp({ key, at: new Date('2030-01-01T05:00:00Z'), reason: 'Bilan', operatorEmail });
  await mergePeople({ from: `chat:${anonymous}`, into: key, operatorEmail });
  await addNote({ key: `chat:${anonymous}`, body: 'Écrit après la fusion', operatorEmail });
  return { key, personId, anonymous };
}

const count = async (table: string) => Number((await query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]?.n);

describe('data protection covers the console’s records', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('exports the stage, follow-up and private notes of an address', async () => {
    const { personId } = await person('anna@example.com');
    const data = await exportSubjectData({ email: 'anna@example.com' });
    const own = data.consoleRecords.find((record) => record.personId === personId);
    expect(own).toMatchObject({ stage: 'client', followUpReason: 'Bilan' });
    expect(JSON.stringify(data.consoleRecords)).toContain('Note privée sur anna@example.com');
    expect(JSON.stringify(data.consoleRecords)).toContain('Écrit après la fusion');
    expect(data.conversations).toHaveLength(2);
  });

  it('erases them, with the conversations merged into the person', async () => {
    const { anonymous, personId } = await person('bob@example.com');
    expect(await eraseSubjectData({ email: 'bob@example.com' })).toEqual({ leads: 1, conversations: 2, people: 2 });
    expect(await query(`select key from person_records where person_id = $1`, [personId])).toEqual([]);
    expect(await query(`select id from person_events where body = 'Note privée sur bob@example.com'`)).toEqual([]);
    expect(await query('select id from chat_sessions where id = $1', [anonymous])).toEqual([]);
  });

  it('follows merges of any depth: A into B into C exports exactly what erasure deletes', async () => {
    // A typed a.chain@ in the contact form from its chat; B only chatted; C sent the form as c.chain@.
    const chatA = await chatWith('fr', 'Je suis A');
    const a = await request('a.chain@example.com', 'Alice', chatA);
    const chatB = await chatWith('en', 'I am B');
    const c = await request('c.chain@example.com', 'Chloé');
    await addNote({ key: `chat:${chatB}`, body: 'Note sur B', operatorEmail });
    await addNote({ key: String(c.personId), body: 'Note sur C', operatorEmail });
    await mergePeople({ from: String(a.personId), into: `chat:${chatB}`, operatorEmail });
    await mergePeople({ from: `chat:${chatB}`, into: String(c.personId), operatorEmail });
    // Someone else, whom neither may touch.
    const otherChat = await chatWith('it', 'Ciao');
    const other = await request('other.chain@example.com', 'Otto', otherChat);

    const data = await exportSubjectData({ email: 'a.chain@example.com' });
    expect(data.leads.map((lead) => lead.id).sort()).toEqual([a.id, c.id].sort());
    expect(data.conversations.map((conversation) => conversation.id).sort()).toEqual([chatA, chatB].sort());
    expect(data.people.map((p) => p.id)).toHaveLength(3);
    expect(data.consoleRecords.flatMap((record) => record.history.map((event) => event.text))).toEqual(expect.arrayContaining(['Note sur B', 'Note sur C']));
    // The same from the other end of the chain.
    expect((await exportSubjectData({ email: 'c.chain@example.com' })).people).toEqual(data.people);

    const before = { leads: await count('leads'), chats: await count('chat_sessions'), people: await count('people'), records: await count('person_records') };
    const erased = await eraseSubjectData({ email: 'a.chain@example.com' });
    expect(erased).toEqual({ leads: data.leads.length, conversations: data.conversations.length, people: data.people.length });
    expect({ leads: await count('leads'), chats: await count('chat_sessions'), people: await count('people'), records: await count('person_records') }).toEqual(
      {
        leads: before.leads - data.leads.length,
        chats: before.chats - data.conversations.length,
        people: before.people - data.people.length,
        records: before.records - data.consoleRecords.length,
      },
    );
    const ids = data.people.map((p) => p.id);
    expect(await query('select id from people where id = any($1)', [ids])).toEqual([]);
    expect(await query('select id from leads where person_id = any($1)', [ids])).toEqual([]);
    expect(await query('select id from chat_sessions where id = any($1)', [[chatA, chatB]])).toEqual([]);
    expect(await query('select id from leads where id = $1', [other.id])).toHaveLength(1);
    expect(await query('select id from chat_sessions where id = $1', [otherChat])).toHaveLength(1);
  });

  it('lets retention delete a record once its person is gone, and old daily counts', async () => {
    const { personId } = await person('carl@example.com');
    await query(`insert into visa_check_counts (day, checks) values (current_date - 800, 3), (current_date, 5)`);
    const group = (await query<{ id: number }>('select id from people where id = $1 or root_id = $1', [personId])).map((row) => row.id);
    await query(`delete from leads where person_id = any($1)`, [group]);
    await query(`delete from chat_sessions where person_id = any($1)`, [group]);
    const deleted = await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
    expect(deleted.personRecords).toBeGreaterThanOrEqual(2);
    expect(await query('select key from person_records where person_id = any($1)', [group])).toEqual([]);
    expect((await query<{ checks: number }>('select checks from visa_check_counts')).map((row) => row.checks)).toEqual([5]);
  });
});
