import GithubSlugger from 'github-slugger';
import { inlineMarkdownToText } from './text';

export interface Heading {
  depth: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
  /** The id rehype-slug gives the rendered heading (github-slugger over the heading's text). */
  id: string;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const NOT_PARAGRAPH = /^\s*(?:$|[-*+>|]|\d+[.)]\s|#|<)/;

/** Every heading h1–h6 of a Markdown body, in document order, outside code blocks. */
export function extractHeadings(markdown: string): Heading[] {
  const slugger = new GithubSlugger();
  const found: { depth: Heading['depth']; raw: string }[] = [];
  let fence: string | undefined;
  let previous = '';
  for (const line of markdown.split(/\r?\n/)) {
    const fenceMatch = FENCE.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]?.startsWith(fence)) fence = undefined;
      continue;
    }
    if (fenceMatch) {
      fence = fenceMatch[1];
      previous = '';
      continue;
    }
    const atx = ATX.exec(line);
    const setext = SETEXT.exec(line);
    if (atx?.[1]) {
      found.push({ depth: atx[1].length as Heading['depth'], raw: atx[2] ?? '' });
      previous = '';
      continue;
    }
    if (setext?.[1] && previous && !NOT_PARAGRAPH.test(previous)) {
      found.push({ depth: setext[1].startsWith('=') ? 1 : 2, raw: previous.trim() });
      previous = '';
      continue;
    }
    previous = line;
  }
  return found.map(({ depth, raw }) => {
    // No-break spaces stay: rehype-slug drops them, so turning them into spaces would add dashes.
    const text = inlineMarkdownToText(raw)
      .replace(/[^\S\u00A0\u202F]+/g, ' ')
      .trim();
    return { depth, text, id: slugger.slug(text) };
  });
}
