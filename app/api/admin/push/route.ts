import { apiError, readJsonObject } from '@/lib/api/responses';
import { withOperator } from '@/lib/auth/operator-session';
import { settingsSchema } from '@/lib/push/http';
import { setHideText } from '@/lib/push/queries';
import { getPushState } from '@/lib/push/state';

export const dynamic = 'force-dynamic';

/** What the console's "Notifications" view needs: the key to subscribe with, the setting, this operator's devices. */
export const GET = withOperator(async ({ operator }) => Response.json(await getPushState({ operatorId: operator.operatorId })));

/** `{ hideText }`: pushes to this operator's devices name the person but carry no message text. */
export const PATCH = withOperator(async ({ request, operator }) => {
  const read = await readJsonObject(request);
  if (!read.ok) return read.response;
  const parsed = settingsSchema.safeParse(read.body);
  if (!parsed.success) return apiError(400, 'invalid_settings', 'Send { hideText: boolean }.');
  await setHideText({ operatorId: operator.operatorId, hideText: parsed.data.hideText });
  return Response.json({ hideText: parsed.data.hideText });
});
