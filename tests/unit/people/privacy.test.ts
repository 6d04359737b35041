import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OPEN_TIMEOUT_MS, pgliteDatabase, query } from '../db/test-database';

vi.mock('server-only', () => ({}));

const { createChatSession, saveMessage } = await import('@/lib/chat/queries');
const { linkChatSessionToEmail, saveLead } = await import('@/lib/leads/queries');
const { addNote, mergePeople, setFollowUp, setStage } = await import('@/lib/people/record-queries');
const { eraseSubjectData, exportSubjectData } = await import('@/lib/privacy/subject-data');
const { purgeExpiredData } = await import('@/lib/privacy/queries');

const operatorEmail = 'op@example.com';

async function person(email: string) {
  await saveLead({ source: 'contact', name: 'Anna', email, phone: null, message: 'Bonjour', locale: 'fr', details: null, consentAt: new Date() });
  const linked = await createChatSession({ locale: 'fr', startPage: '/fr' });
  await saveMessage({ sessionId: linked.id, sender: 'visitor', content: 'Salut' });
  await linkChatSessionToEmail({ sessionId: linked.id, email });
  const anonymous = await createChatSession({ locale: 'de', startPage: '/de' });
  await saveMessage({ sessionId: anonymous.id, sender: 'visitor', content: 'Hallo' });
  const key = `email:${email}`;
  await setStage({ key, stage: 'client', operatorEmail });
  await addNote({ key, body: 'Note privée sur Anna', operatorEmail });
  await setFollowUp({ key, at: new Date('2030-01-01T05:00:00Z'), reason: 'Bilan', operatorEmail });
  await mergePeople({ from: `chat:${anonymous.id}`, into: key, operatorEmail });
  await addNote({ key: `chat:${anonymous.id}`, body: 'Écrit avant la fusion', operatorEmail });
  return { key, anonymous: anonymous.id };
}

describe('data protection covers the console’s records', () => {
  const database = pgliteDatabase();
  beforeAll(database.setUp, OPEN_TIMEOUT_MS);
  afterAll(database.tearDown, OPEN_TIMEOUT_MS);

  it('exports the stage, follow-up and private notes of an address', async () => {
    await person('anna@example.com');
    const data = await exportSubjectData({ email: 'anna@example.com' });
    const own = data.consoleRecords.find((record) => record.key === 'email:anna@example.com');
    expect(own).toMatchObject({ stage: 'client', followUpReason: 'Bilan' });
    expect(JSON.stringify(data.consoleRecords)).toContain('Note privée sur Anna');
  });

  it('erases them, with the conversations merged into the person', async () => {
    const { anonymous } = await person('bob@example.com');
    expect(await eraseSubjectData({ email: 'bob@example.com' })).toEqual({ leads: 1, conversations: 2 });
    expect(await query(`select key from person_records where key in ('email:bob@example.com', $1)`, [`chat:${anonymous}`])).toEqual([]);
    expect(await query(`select id from person_events where body like '%Anna%' and person_key = 'email:bob@example.com'`)).toEqual([]);
    expect(await query('select id from chat_sessions where id = $1', [anonymous])).toEqual([]);
  });

  it('lets retention delete a record once its person is gone, and old daily counts', async () => {
    const { key } = await person('carl@example.com');
    await query(`insert into visa_check_counts (day, checks) values (current_date - 800, 3), (current_date, 5)`);
    await query(`delete from leads where email = 'carl@example.com'`);
    await query(`delete from chat_sessions where lower(visitor_email) = 'carl@example.com'`);
    const deleted = await purgeExpiredData({ chatDays: 365, leadDays: 1095 });
    expect(deleted.personRecords).toBeGreaterThanOrEqual(1);
    expect(await query('select key from person_records where key = $1', [key])).toEqual([]);
    expect((await query<{ checks: number }>('select checks from visa_check_counts')).map((row) => row.checks)).toEqual([5]);
  });
});
