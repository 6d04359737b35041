// The mixed traffic of tests/perf/bench-memory.mjs: what visitors and an operator do at once.
//   pages         every page of the sitemap (five languages) and a blog search, gzip accepted
//   visa checks   the visa finder's API, every language
//   conversations a visitor opens a chat, keeps its event stream open, sends messages, gets a reply
//   console       an operator logged in, the console's event stream open, its page and list reloaded
// Each visitor gets its own address (X-Forwarded-For), as behind the proxy: the per-client rate
// limits stay out of the way.
import { openStream } from './sse.mjs';

const PAGE_WORKERS = 3;
const CONVERSATIONS = 20;
const MESSAGES_PER_CONVERSATION = 6;
// The visa finder's own answers (tests/perf/bench-visa.mjs sends the same).
const NATIONALITIES = ['France', 'Belgique', 'Suisse', 'Canada', 'Madagascar', 'Réunion', 'Autre'];
const DURATIONS = ['Moins de 3 mois', '3-6 mois', '6-12 mois', '1-2 ans', '2-5 ans', 'Plus de 5 ans', 'Résidence permanente'];
const WORK = ['Oui', 'Non', 'Retraité', 'Étudiant'];
const LOCALES = ['fr', 'en', 'es', 'de', 'it'];

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const post = (url, body, headers = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

function counter() {
  const stats = { requests: 0, errors: 0, messages: 0, conversations: 0, firstError: undefined };
  /** Counts an answer; a status other than `expected` is an error. */
  const check = async (response, expected, what) => {
    stats.requests += 1;
    const body = await response.arrayBuffer();
    if (response.status !== expected) {
      stats.errors += 1;
      stats.firstError ??= `${what} ${response.status} ${Buffer.from(body).toString('utf8').slice(0, 120)}`;
      return undefined;
    }
    return body;
  };
  const failed = (what) => (error) => {
    stats.requests += 1;
    stats.errors += 1;
    stats.firstError ??= `${what}: ${error.message}`;
  };
  return { stats, check, failed };
}

let nextAddress = 0;
const address = () => {
  nextAddress += 1;
  return { 'x-forwarded-for': `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}` };
};

/** GETs `paths` round-robin from a few workers until `durationMs` has passed. */
export async function runPageLoad(base, paths, durationMs, { check, failed, stats } = counter()) {
  const until = Date.now() + durationMs;
  let i = 0;
  const worker = async () => {
    while (Date.now() < until) {
      const pathname = paths[(i += 1) % paths.length];
      await fetch(`${base}${pathname}`, { headers: { 'accept-encoding': 'gzip', ...address() } }).then(
        (response) => check(response, 200, pathname),
        failed(pathname),
      );
    }
  };
  await Promise.all(Array.from({ length: PAGE_WORKERS }, worker));
  return stats;
}

async function sitemapPaths(base) {
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

async function visaChecks(base, until, { check, failed }) {
  for (let i = 0; Date.now() < until; i += 1) {
    const body = {
      nationality: NATIONALITIES[i % NATIONALITIES.length],
      duration: DURATIONS[i % DURATIONS.length],
      work_status: WORK[i % WORK.length],
      locale: LOCALES[i % LOCALES.length],
    };
    await post(`${base}/api/visa-check`, body, address()).then((response) => check(response, 200, 'visa check'), failed('visa check'));
    await sleep(100);
  }
}

/** One visitor after another in this slot: a conversation, its stream, messages, a reply. */
async function conversations(base, until, cookie, { check, failed, stats }) {
  while (Date.now() < until) {
    const ip = address();
    const locale = LOCALES[stats.conversations % LOCALES.length];
    const created = await post(`${base}/api/chat/sessions`, { locale, startPage: `/${locale}` }, ip).catch(failed('new conversation'));
    const session = created && (await check(created, 201, 'new conversation'));
    if (!session) {
      await sleep(1000);
      continue;
    }
    stats.conversations += 1;
    const { id, token } = JSON.parse(Buffer.from(session).toString('utf8'));
    const auth = { authorization: `Bearer ${token}`, ...ip };
    const stream = openStream(`${base}/api/chat/sessions/${id}/events`, { ...auth, 'last-event-id': '0' });
    await stream.ready;
    for (let m = 0; m < MESSAGES_PER_CONVERSATION && Date.now() < until; m += 1) {
      await sleep(1000 + Math.random() * 2000);
      const sent = await post(`${base}/api/chat/sessions/${id}/messages`, { content: `Bonjour, question ${m} about a work permit` }, auth).catch(
        failed('visitor message'),
      );
      if (sent && (await check(sent, 201, 'visitor message'))) stats.messages += 1;
      if (m % 3 === 2) {
        const replied = await post(`${base}/api/admin/sessions/${id}/messages`, { content: `Reply ${m}: yes, we can help.` }, { cookie }).catch(
          failed('operator reply'),
        );
        if (replied && (await check(replied, 201, 'operator reply'))) stats.messages += 1;
      }
    }
    await fetch(`${base}/api/chat/sessions/${id}/messages`, { headers: auth }).then((response) => check(response, 200, 'history'), failed('history'));
    stream.controller.abort();
  }
}

/** The operator's console: its event stream stays open; the page and the list are reloaded. */
async function operatorConsole(base, until, cookie, { check, failed }) {
  const stream = openStream(`${base}/api/admin/events`, { cookie });
  await stream.ready;
  while (Date.now() < until) {
    await fetch(`${base}/admin/conversations`, { headers: { cookie, 'accept-encoding': 'gzip' } }).then(
      (response) => check(response, 200, 'console page'),
      failed('console page'),
    );
    await fetch(`${base}/api/admin/sessions`, { headers: { cookie } }).then((response) => check(response, 200, 'console list'), failed('console list'));
    await sleep(5000);
  }
  stream.controller.abort();
}

/** Runs the whole mix for `durationMs`; returns the counts. */
export async function runMixedLoad(base, { durationMs, operator }) {
  const tally = counter();
  const login = await post(`${base}/api/admin/login`, operator);
  if (login.status !== 200) throw new Error(`operator login ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0];
  const paths = [...(await sitemapPaths(base)), '/fr/blog?q=permis', '/en/blog?q=visa'];
  const until = Date.now() + durationMs;
  await Promise.all([
    runPageLoad(base, paths, durationMs, tally),
    visaChecks(base, until, tally),
    operatorConsole(base, until, cookie, tally),
    ...Array.from({ length: CONVERSATIONS }, () => conversations(base, until, cookie, tally)),
  ]);
  return tally.stats;
}
