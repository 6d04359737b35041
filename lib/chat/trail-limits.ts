// What the trail endpoint accepts, shared with the widget's sender (components/chat/trail-send.ts),
// which must not load the endpoint's zod schemas.

/** A recorded page's path (with the visa finder's answers) and its title. */
export const MAX_TRAIL_PATH_LENGTH = 512;
export const MAX_TRAIL_TITLE_LENGTH = 200;

/** The visa finder, whose query holds a result's answers: recorded with its query, as is a plan. */
export function isVisaFinderPath(pathname: string): boolean {
  return /^\/[a-z]{2}\/visa-finder$/.test(pathname);
}

/** A relocation plan (lib/plan/address.ts), whose query holds the answers and the target arrival date. */
export function isVisaPlanPath(pathname: string): boolean {
  return /^\/[a-z]{2}\/visa-finder\/plan$/.test(pathname);
}

/** Pages recorded with their query. */
export function keepsQuery(pathname: string): boolean {
  return isVisaFinderPath(pathname) || isVisaPlanPath(pathname);
}
