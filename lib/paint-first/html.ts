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
 * Streaming: the transform is fed the response's bytes as they come, and holds back only the end
 * of a piece that may be the start of a tag it rewrites (at most MAX_HELD bytes). It works on the
 * bytes: the tags are ASCII, found by native searches, and a page is never decoded and encoded
 * again. The article of 169 KB took 2.2 ms through a string and a regular expression; so, 0.3 to
 * 0.6 ms, against 3.7 to 7.5 ms to gzip it (both on a loaded machine).
 */

const ascii = (text: string) => Buffer.from(text, 'latin1');
const CHUNK_SCRIPT = ascii('<script src="/_next/static/chunks/');
const CHUNK_SCRIPT_END = ascii('" async=""></script>');
const CHUNK_PRELOAD = ascii('<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/');
const CHUNK_PRELOAD_END = ascii('"/>');
const BODY_END = ascii('</body>');
// What Next 16 writes, exactly; anything else (another attribute, a nonce) is left as it is.
const CHUNK_NAME = /^[\w.-]{1,200}\.js$/;
/** Longer than any tag rewritten (a chunk's name is a dozen characters). */
const MAX_HELD = 512;
const LT = 0x3c;

/**
 * The tags rewritten: Next's chunk script (its chunk goes to the loader) and the bootstrap chunk's
 * preload, both taken out whole from `start` to `end`; and </body>, before which the loader goes.
 */
const TAGS = [
  { start: CHUNK_SCRIPT, end: CHUNK_SCRIPT_END, loads: true },
  { start: CHUNK_PRELOAD, end: CHUNK_PRELOAD_END, loads: false },
  { start: BODY_END, end: null, loads: false },
] as const;

/** Whether the bytes from `at` (a "<") may still become a tag that is rewritten. */
function unfinished(bytes: Buffer, at: number): boolean {
  const tail = bytes.subarray(at);
  return TAGS.some(({ start, end }) =>
    tail.length < start.length
      ? start.subarray(0, tail.length).equals(tail)
      : end !== null && tail.subarray(0, start.length).equals(start) && tail.indexOf(end, start.length) === -1,
  );
}

/** Where the held-back end of `bytes` starts, or bytes.length when nothing needs holding. */
function heldFrom(bytes: Buffer): number {
  for (let at = bytes.indexOf(LT, Math.max(0, bytes.length - MAX_HELD)); at !== -1; at = bytes.indexOf(LT, at + 1)) {
    if (unfinished(bytes, at)) return at;
  }
  return bytes.length;
}

const startsAt = (bytes: Buffer, at: number, tag: Buffer) => bytes.length - at >= tag.length && bytes.compare(tag, 0, tag.length, at, at + tag.length) === 0;

/** The chunk a script or preload tag at `at` names, and where the tag ends; null when it is not Next's exact tag. */
function chunkTag(bytes: Buffer, at: number, tag: Buffer, end: Buffer): { source: string; next: number } | null {
  if (!startsAt(bytes, at, tag)) return null;
  const close = bytes.indexOf(end, at + tag.length);
  if (close === -1 || close - at > MAX_HELD) return null;
  const name = bytes.toString('latin1', at + tag.length, close);
  return CHUNK_NAME.test(name) ? { source: `/_next/static/chunks/${name}`, next: close + end.length } : null;
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
  /** The bytes to send for this piece of the page (possibly fewer than given: the rest comes later). */
  push: (bytes: Buffer) => Buffer;
  /** What is left to send at the end of the page. */
  end: () => Buffer;
}

export function paintFirstTransform(): PaintFirstTransform {
  const sources: string[] = [];
  let held = Buffer.alloc(0);
  let loaded = false;
  const loader = () => {
    loaded = true;
    return ascii(loaderScript(sources));
  };
  const rewrite = (bytes: Buffer): Buffer => {
    // A chunk after the loader (none in Next 16's pages) stays where it is.
    if (loaded) return bytes;
    const out: Buffer[] = [];
    let from = 0;
    // The next place each tag starts (native searches: most of a page is not looked at in JS).
    const next = TAGS.map(({ start }) => bytes.indexOf(start));
    while (!loaded) {
      const at = Math.min(...next.filter((position) => position !== -1));
      if (at === Infinity) break;
      const which = next.indexOf(at);
      const tag = TAGS[which]!;
      const found = tag.end === null ? null : chunkTag(bytes, at, tag.start, tag.end);
      if (found) {
        if (tag.loads) sources.push(found.source);
        out.push(bytes.subarray(from, at));
        from = found.next;
      } else if (tag.end === null && sources.length > 0) {
        out.push(bytes.subarray(from, at), loader());
        from = at;
      }
      next[which] = bytes.indexOf(tag.start, Math.max(at + 1, from));
    }
    if (out.length === 0) return bytes;
    out.push(bytes.subarray(from));
    return Buffer.concat(out);
  };
  return {
    push(bytes) {
      const whole = held.length > 0 ? Buffer.concat([held, bytes]) : bytes;
      const cut = heldFrom(whole);
      // A copy: the caller may reuse its buffer.
      held = Buffer.from(whole.subarray(cut));
      return rewrite(whole.subarray(0, cut));
    },
    end() {
      const rest = rewrite(held);
      held = Buffer.alloc(0);
      // A page cut short before </body> still gets its scripts.
      if (loaded || sources.length === 0) return rest;
      return Buffer.concat([rest, loader()]);
    },
  };
}
