/**
 * A page's HTML with Next's chunk scripts taken out of its markup and added back by one inline
 * loader once the browser has shown the first contentful paint (issue 34).
 *
 * Next writes its chunks as `<script src async>` in the head, plus a low-priority preload of the
 * bootstrap chunk. The browser then fetches and runs them while it waits for the stylesheet and
 * lays the page out, so on a phone the main content comes in a later paint than it could, and
 * the chunks take bandwidth from the stylesheet and the hero image. Taken out, they are asked for
 * when the page is on screen: the same chunks, in the same `async` way, hydrating a page that
 * already shows everything (links, forms and the language switch work without them).
 *
 * Streaming: the transform is fed the response as it comes, and holds back only the end of a
 * chunk that may be the start of a tag it rewrites (at most MAX_HELD characters).
 */

const CHUNK_SCRIPT = '<script src="/_next/static/chunks/';
const CHUNK_PRELOAD = '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/';
const BODY_END = '</body>';
// What Next 16 writes, exactly; anything else (another attribute, a nonce) is left as it is.
const REWRITTEN =
  /<script src="(\/_next\/static\/chunks\/[\w.-]+\.js)" async=""><\/script>|<link rel="preload" as="script" fetchPriority="low" href="\/_next\/static\/chunks\/[\w.-]+\.js"\/>|<\/body>/g;
/** Longer than any tag rewritten (a chunk's name is a dozen characters). */
const MAX_HELD = 512;

/** Whether `tail` (starting with "<") may still become a tag that is rewritten. */
function unfinished(tail: string): boolean {
  if (tail.startsWith(CHUNK_SCRIPT)) return !tail.includes('</script>');
  if (tail.startsWith(CHUNK_PRELOAD)) return !tail.includes('>');
  return [CHUNK_SCRIPT, CHUNK_PRELOAD, BODY_END].some((tag) => tag.length > tail.length && tag.startsWith(tail));
}

/** Where the held-back end of `text` starts, or text.length when nothing needs holding. */
function heldFrom(text: string): number {
  for (let at = text.indexOf('<', Math.max(0, text.length - MAX_HELD)); at !== -1; at = text.indexOf('<', at + 1)) {
    if (unfinished(text.slice(at))) return at;
  }
  return text.length;
}

/**
 * The loader: adds the chunks once the first contentful paint has been presented (a task after
 * the observer's callback), or at once where paint timing is not observable, or after
 * FALLBACK_MS whatever happens (a tab opened in the background paints nothing).
 */
export const FALLBACK_MS = 3000;
/**
 * The loader's id. It says where it is in `data-state`: `waiting` for the paint, then `requested`
 * (none when scripts do not run): what a test waits on before it acts on the page.
 */
export const LOADER_ID = 'paint-first';
export function loaderScript(sources: string[]): string {
  const code =
    `(function(s){var d=0,me=document.currentScript;me.setAttribute("data-state","waiting");` +
    `function go(){if(d)return;d=1;s.forEach(function(u){var e=document.createElement("script");e.src=u;e.async=true;document.head.appendChild(e)});me.setAttribute("data-state","requested")}` +
    `var P=window.PerformanceObserver;if(!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return go();` +
    `new P(function(l,o){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();setTimeout(go)}}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,${FALLBACK_MS})})(${JSON.stringify(sources)})`;
  return `<script id="${LOADER_ID}">${code}</script>`;
}

export interface PaintFirstTransform {
  /** The HTML to send for this piece of the page (possibly less than given: the rest comes later). */
  push: (text: string) => string;
  /** What is left to send at the end of the page. */
  end: () => string;
}

export function paintFirstTransform(): PaintFirstTransform {
  const sources: string[] = [];
  let held = '';
  let loaded = false;
  const rewrite = (text: string) =>
    text.replace(REWRITTEN, (tag: string, source: string | undefined) => {
      // A chunk after the loader (none in Next 16's pages) stays where it is.
      if (loaded) return tag;
      if (source) {
        sources.push(source);
        return '';
      }
      if (tag !== BODY_END) return '';
      if (sources.length === 0) return tag;
      loaded = true;
      return loaderScript(sources) + tag;
    });
  return {
    push(text) {
      const whole = held + text;
      const cut = heldFrom(whole);
      held = whole.slice(cut);
      return rewrite(whole.slice(0, cut));
    },
    end() {
      const rest = rewrite(held);
      held = '';
      // A page cut short before </body> still gets its scripts.
      if (loaded || sources.length === 0) return rest;
      loaded = true;
      return rest + loaderScript(sources);
    },
  };
}
