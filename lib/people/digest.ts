import 'server-only';
import { getDb } from '@/lib/db/client';
import { claimJobDay, releaseJobDay } from '@/lib/jobs/claims';
import type { EmailChannelConfig } from '@/lib/notify/config';
import { VIEW_HREF } from '@/lib/console-app/views';
import { sendEmail } from '@/lib/notify/email';
import { escapeHtml } from '@/lib/notify/format-email';
import { listDossierWarnings } from '@/lib/dossier/list';
import { withLastMessages } from './last-messages';
import { listPeopleIds, loadPeopleByIds, type PersonSummaryDto } from './list-queries';
import { summarisePeople } from './summary';
import { AGENCY_TIME_ZONE, mauritianMinuteOfDay } from '@/lib/time/mauritius';
import { endOfMuDay, muDay } from './snooze';
import { describeError } from '@/lib/log/describe-error';

/** The operators' morning e-mail goes at DIGEST_TIME (08:00 by default) Mauritius time, or the first check after it. */
export const DEFAULT_DIGEST_MINUTE = 8 * 60;
export const DIGEST_JOB = 'operator_digest';

export type DigestContent = {
  due: PersonSummaryDto[];
  waiting: PersonSummaryDto[];
  more: { due: number; waiting: number };
  /** Dossiers' date warnings (lib/dossier): documents that stop being valid, renewals ahead. */
  dossiers?: { id: number; who: string; text: string }[];
};

/** Lines per section of the e-mail at most; the rest are counted ("… et 12 autres"). */
export const DIGEST_MAX_LINES = 50;

/** The follow-ups due today or late, and the open conversations still waiting for an answer (oldest first). */
export async function buildDigest(now: Date = new Date()): Promise<DigestContent> {
  const dueBefore = endOfMuDay(now);
  const db = await getDb();
  const [due, waiting, dossiers] = await Promise.all([
    listPeopleIds({ view: 'follow_up', dueBefore, limit: DIGEST_MAX_LINES }),
    listPeopleIds({ view: 'open', dueBefore, limit: DIGEST_MAX_LINES, waitingOnly: true }),
    listDossierWarnings({ now }),
  ]);
  return {
    dossiers,
    due: summarisePeople(await loadPeopleByIds(db, due.ids)),
    waiting: await withLastMessages(summarisePeople(await loadPeopleByIds(db, waiting.ids))),
    more: { due: Math.max(0, due.total - DIGEST_MAX_LINES), waiting: Math.max(0, waiting.total - DIGEST_MAX_LINES) },
  };
}

const when = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'short', timeStyle: 'short', timeZone: AGENCY_TIME_ZONE });

/** The e-mail, in the console's French; every visitor-written text is escaped in the HTML part. */
export function formatDigest({ due, waiting, more, dossiers = [] }: DigestContent, { siteUrl }: { siteUrl: string }) {
  const link = `${siteUrl.replace(/\/+$/, '')}${VIEW_HREF.conversations}`;
  const dueLines = due.map((p) => `${p.label} : ${p.followUpReason || 'relance'} (${when.format(new Date(p.followUpAt ?? 0))})`);
  const waitingLines = waiting.map(
    (p) => `${p.label} : « ${(p.conversations[0]?.lastMessage ?? '').slice(0, 120)} » (attend depuis ${when.format(new Date(p.waitingSince ?? 0))})`,
  );
  const others = (count: number) => (count > 0 ? [`… et ${count} autre(s) dans la console`] : []);
  const total = { due: due.length + more.due, waiting: waiting.length + more.waiting };
  const sections: [string, string[]][] = [
    [`À relancer aujourd'hui (${total.due})`, [...dueLines, ...others(more.due)]],
    [`Conversations en attente de réponse (${total.waiting})`, [...waitingLines, ...others(more.waiting)]],
    [`Dossiers : dates à surveiller (${dossiers.length})`, dossiers.slice(0, DIGEST_MAX_LINES).map((line) => `${line.who} : ${line.text}`)],
  ];
  const shown = sections.filter(([, lines]) => lines.length > 0);
  return {
    subject: `Maurice Expat : ${total.due} relance(s), ${total.waiting} conversation(s) en attente`,
    text: `${shown.map(([title, lines]) => `${title}\n${lines.map((line) => `- ${line}`).join('\n')}`).join('\n\n')}\n\nConsole : ${link}\n`,
    html: `${shown.map(([title, lines]) => `<h2>${escapeHtml(title)}</h2><ul>${lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`).join('')}<p><a href="${escapeHtml(link)}">Ouvrir la console</a></p>`,
  };
}

export type DigestOutcome = 'not_yet' | 'no_email' | 'claimed_elsewhere' | 'empty' | 'sent' | 'failed';

/**
 * Sends the day's digest when it is `at` (minutes after midnight, 08:00 by default) or later in Mauritius and no instance has claimed the
 * day yet; nothing is sent when there is nothing to say. A failed send releases the claim, so the
 * next check (on any instance) tries again.
 */
export async function runDigestIfDue({
  now = new Date(),
  at = DEFAULT_DIGEST_MINUTE,
  email,
  siteUrl,
}: {
  now?: Date;
  at?: number;
  email: EmailChannelConfig | null;
  siteUrl: string;
}): Promise<DigestOutcome> {
  if (mauritianMinuteOfDay(now) < at) return 'not_yet';
  if (!email) return 'no_email';
  const day = muDay(now);
  if (!(await claimJobDay({ job: DIGEST_JOB, day }))) return 'claimed_elsewhere';
  const content = await buildDigest(now);
  if (content.due.length === 0 && content.waiting.length === 0 && !content.dossiers?.length) return 'empty';
  try {
    await sendEmail({ email: formatDigest(content, { siteUrl }), config: email });
    return 'sent';
  } catch (error) {
    console.error(`[digest] not sent: ${describeError(error)}`);
    await releaseJobDay({ job: DIGEST_JOB, day });
    return 'failed';
  }
}
