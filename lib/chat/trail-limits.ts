// What the trail endpoint accepts, shared with the widget's sender (components/chat/trail-send.ts),
// which must not load the endpoint's zod schemas.

/** A recorded page's path (with the visa finder's answers) and its title. */
export const MAX_TRAIL_PATH_LENGTH = 512;
export const MAX_TRAIL_TITLE_LENGTH = 200;

/** The visa finder, whose query holds a result's answers: the one page recorded with its query. */
export function isVisaFinderPath(pathname: string): boolean {
  return /^\/[a-z]{2}\/visa-finder$/.test(pathname);
}
