import { apiError } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { exportFileName, subjectEmailSchema } from '@/lib/leads/admin-queries';
import { exportSubjectData } from '@/lib/privacy/subject-data';

export const dynamic = 'force-dynamic';

function readEmail(request: Request) {
  return subjectEmailSchema.safeParse(new URL(request.url).searchParams.get('email') ?? '');
}

const invalidEmail = () => apiError(400, 'invalid_email', 'Pass a valid ?email= address.');

/** Everything held about the address, as a JSON file to hand to the person who asked (erasure is a server action). */
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
