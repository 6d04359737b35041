/** Kinds one log keeps apart; callers name a few fixed ones (a reason, an event kind), never an id. */
const MAX_KINDS = 100;

type Schedule = (run: () => void, ms: number) => void;

/**
 * A log for what can repeat thousands of times under load (events refused by a budget or a limit,
 * a store failing): per kind, the first line of a window is written at once, the others of that
 * window are only counted, and one line with their count is written when it ends. Whatever the
 * load, a kind writes at most two lines per window.
 */
export function createWindowedLog({
  windowMs,
  write,
  schedule = (run, ms) => setTimeout(run, ms).unref(),
}: {
  windowMs: number;
  write: (line: string) => void;
  schedule?: Schedule;
}) {
  let held = new Map<string, { line: string; more: number }>();
  const minutes = Math.max(1, Math.round(windowMs / 60_000));

  const flush = () => {
    for (const { line, more } of held.values()) {
      if (more > 0) write(`${line} (${more} more like it in the last ${minutes} min)`);
    }
    held = new Map();
  };

  return function log(kind: string, line: string): void {
    const entry = held.get(kind);
    if (entry) {
      entry.more += 1;
      return;
    }
    if (held.size >= MAX_KINDS) return;
    if (held.size === 0) schedule(flush, windowMs);
    held.set(kind, { line, more: 0 });
    write(line);
  };
}
