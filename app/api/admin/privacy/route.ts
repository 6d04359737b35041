import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { exportFileName, subjectEmailSchema } from '@/lib/leads/admin-queries';
import { eraseSubjectData, exportSubjectData } from '@/lib/privacy/subject-data';

export const dynamic = 'force-dynamic';

function readEmail(request: Request) {
  return subjectEmailSchema.safeParse(new URL(request.url).searchParams.get('email') ?? '');
}

const invalidEmail = () => apiError(400, 'invalid_email', 'Pass a valid ?email= address.');

/** Everything held about the address, as a JSON file to hand to the person who asked. */
export const GET = withOperator(async ({ request }) => {
  const email = readEmail(request);
  if (!email.success) return invalidEmail();
  const data = await exportSubjectData({ email: email.data });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(email.data)}"`,
    },
  });
});

/** Erases the address's leads and linked conversations; answers how many of each went. */
export const DELETE = withOperator(async ({ request }) => {
  const email = readEmail(request);
  if (!email.success) return invalidEmail();
  return Response.json(await eraseSubjectData({ email: email.data }));
});
