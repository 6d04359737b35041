import { describe, expect, it, vi } from 'vitest';
import { DURATIONS, FAMILY_ANSWERS, NATIONALITIES, WORK_CONTEXTS, WORK_STATUSES } from '@/lib/visa';

vi.mock('server-only', () => ({}));
const { POST } = await import('@/app/api/visa-check/route');

let client = 0;
function post(body: unknown, { ip = `10.0.${(client += 1) % 250}.${client % 250}`, raw = false } = {}) {
  return POST(
    new Request('http://localhost/api/visa-check', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: raw ? (body as string) : JSON.stringify(body),
    }),
  );
}

const VALID = { nationality: 'France', duration: '6-12 mois', work_status: 'Oui', work_context: 'remote_foreign' };

describe('POST /api/visa-check', () => {
  it('answers the prototype payload in French by default', async () => {
    const response = await post({ nationality: 'Madagascar', duration: 'Moins de 3 mois', work_status: 'Non' });
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.locale).toBe('fr');
    expect(result.entry.regime).toBe('visa_on_arrival');
  });

  it('answers in the requested language', async () => {
    const result = await (await post({ ...VALID, family: 'Oui', locale: 'de' })).json();
    expect(result.recommended.id).toBe('premium_visa');
    expect(result.locale).toBe('de');
    expect(result.disclaimer).not.toMatch(/\b(le|la|les|des)\b/);
  });

  it('names missing and invalid fields', async () => {
    const response = await post({ nationality: 'Mars', work_status: 'Oui', locale: 'pt' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'invalid_answers',
      fields: { nationality: 'invalid', duration: 'required', locale: 'invalid' },
    });
  });

  it.each([
    ['not json', 400],
    ['[1,2]', 400],
    ['null', 400],
    ['"text"', 400],
  ])('rejects the body %s', async (raw, status) => {
    expect((await post(raw, { raw: true })).status).toBe(status);
  });

  it('rejects a body that is not JSON', async () => {
    const response = await POST(
      new Request('http://localhost/api/visa-check', { method: 'POST', body: 'a=b', headers: { 'content-type': 'application/x-www-form-urlencoded' } }),
    );
    expect(response.status).toBe(415);
  });

  it('limits each client to 30 checks a minute', async () => {
    const statuses = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await post(VALID, { ip: '203.0.113.9' })).status);
    expect(statuses.slice(0, 30).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    const limited = await post(VALID, { ip: '203.0.113.9' });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await post(VALID, { ip: '203.0.113.10' })).status).toBe(200);
  });
});

describe('fuzzing POST /api/visa-check', () => {
  const VALUES: unknown[] = [
    ...NATIONALITIES,
    ...DURATIONS,
    ...WORK_STATUSES,
    ...FAMILY_ANSWERS,
    ...WORK_CONTEXTS,
    'fr',
    'en',
    'xx',
    '',
    ' ',
    null,
    true,
    0,
    -1,
    1e308,
    NaN,
    [],
    {},
    ['France'],
    { a: 1 },
    '<script>',
    '\u0000',
    'é'.repeat(5000),
  ];
  const KEYS = ['nationality', 'duration', 'work_status', 'work_context', 'family', 'locale', '__proto__', 'constructor', 'extra'];
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pickOne = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

  // 3,000 requests, the first of each language compiling its ICU messages: more than 5 s on a loaded machine.
  it('never answers 500 to 3,000 random bodies', { timeout: 30_000 }, async () => {
    const statuses = new Map<number, number>();
    for (let i = 0; i < 3000; i += 1) {
      // Half start from a valid answer set and mutate a few fields; half are random from scratch.
      const body: Record<string, unknown> =
        random() < 0.5 ? { nationality: pickOne(NATIONALITIES), duration: pickOne(DURATIONS), work_status: pickOne(WORK_STATUSES) } : {};
      const mutations = Math.floor(random() * 4);
      for (let k = 0; k < mutations; k += 1) body[pickOne(KEYS)] = pickOne(VALUES);
      const raw = random() < 0.1 ? JSON.stringify(body).slice(0, Math.floor(random() * 20)) : JSON.stringify(body);
      const response = await post(raw, { raw: true, ip: `10.250.${i >> 8}.${i & 255}` });
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      expect([200, 400, 413]).toContain(response.status);
    }
    expect(statuses.get(200)).toBeGreaterThan(0);
    expect(statuses.get(400)).toBeGreaterThan(0);
  });
});
