import { apiError } from '@/lib/api/responses';
import { peopleTarget } from '@/lib/audit';
import { recordExport } from '@/lib/audit/exports';
import { auditActor } from '@/lib/auth/audit-actor';
import { withOperator } from '@/lib/auth/operator-session';
import { exportFileName, subjectEmailSchema } from '@/lib/leads/admin-queries';
import { exportSubjectData } from '@/lib/privacy/subject-data';

export const dynamic = 'force-dynamic';

function readEmail(request: Request) {
  return subjectEmailSchema.safeParse(new URL(request.url).searchParams.get('email') ?? '');
}

const invalidEmail = () => apiError(400, 'invalid_email', 'Pass a valid ?email= address.');

/**
 * Everything held about the address, as a JSON file to hand to the person who asked (erasure is a
 * server action). Recorded in the journal by the people's ids, never the address, and told to the
 * other operators.
 */
export const GET = withOperator(async ({ request, operator }) => {
  const email = readEmail(request);
  if (!email.success) return invalidEmail();
  const data = await exportSubjectData({ email: email.data });
  await recordExport({
    kind: 'person_data',
    actor: auditActor(operator, request),
    target: data.people.length ? peopleTarget(data.people.map((person) => person.id)) : null,
    counts: { people: data.people.length, requests: data.leads.length, conversations: data.conversations.length },
  });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(email.data)}"`,
    },
  });
});
