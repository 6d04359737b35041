import { isLocale, DEFAULT_LOCALE } from '@/lib/i18n/routing';
import { todayInMauritius } from '@/lib/time/mauritius';
import { planKey, planSearch, readPlanSearch } from '@/lib/plan/address';
import { PLAN_PATH } from '@/lib/plan/cache';
import { buildPlan } from '@/lib/plan/build';
import { createPlanCalendar } from '@/lib/plan/ics';
import { apiError } from '@/lib/api/responses';
import { localePath } from '@/lib/routes';
import { absoluteUrl, SITE } from '@/lib/site';

/** "Ajouter à mon agenda": the plan of the query (answers and arrival date) as an .ics download. */
export function GET(request: Request) {
  const search = new URL(request.url).searchParams;
  const address = readPlanSearch(search);
  if (!address?.arrival) return apiError(400, 'invalid_request', 'The answers and an arrival date are required.');
  const requested = search.get('locale');
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const arrival = address.arrival;
  const plan = buildPlan({ input: address.input, arrival, today: todayInMauritius(), locale });
  const planUrl = `${absoluteUrl(localePath(locale, PLAN_PATH))}?${planSearch(address)}`;
  const body = createPlanCalendar({ plan, planUrl, uidSuffix: `${planKey({ ...address, arrival })}@${new URL(SITE.url).host}` });
  return new Response(body, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="plan-maurice-${arrival}.ics"`,
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
