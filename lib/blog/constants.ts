export const POSTS_PER_PAGE = 10;
export const WORDS_PER_MINUTE = 200;
export const MAX_CARD_TAGS = 3;
export const MAX_RELATED_POSTS = 3;
/** Longer queries are cut: searching is linear in the text of every post. */
export const MAX_QUERY_LENGTH = 100;

/** Table of contents: a heading counts as "in view" inside a band 100 px below the top and above the last 80 %. */
export const TOC_OBSERVER_OPTIONS = { threshold: 0.5, rootMargin: '-100px 0px -80% 0px' } as const;
export const TOC_START_DELAY_MS = 100;
export const TOC_INDENT_PX = 12;
