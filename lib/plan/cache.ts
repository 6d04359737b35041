import { nextMauritianMidnight } from '@/lib/time/mauritius';

/** The plan's page under each language (a route of lib/routes.ts). */
export const PLAN_PATH = 'visa-finder/plan';

/**
 * A plan's page depends on its address and on today's date in Mauritius (which steps still fit,
 * the proposed arrival): browsers and the reverse proxy may keep it until the next Mauritian
 * midnight, never across it. Nothing personal is in it (the answers are in the address).
 */
export function planCacheControl(now: Date): string {
  const seconds = Math.max(0, Math.floor((nextMauritianMidnight(now).getTime() - now.getTime()) / 1000));
  return `public, max-age=${seconds}, s-maxage=${seconds}`;
}
