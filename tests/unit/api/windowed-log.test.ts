import { describe, expect, it } from 'vitest';
import { createWindowedLog } from '@/lib/api/windowed-log';

function harness(windowMs = 60_000) {
  const lines: string[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const log = createWindowedLog({ windowMs, write: (line) => lines.push(line), schedule: (run, ms) => timers.push({ run, ms }) });
  return { log, lines, timers };
}

describe('windowed log', () => {
  it('writes the first refusal at once and the 9,999 others as one line with their count when the window ends', () => {
    const { log, lines, timers } = harness(60 * 60_000);
    for (let i = 0; i < 10_000; i += 1) log('chat_message', `chat_message: over the budget (#${i})`);
    expect(lines).toEqual(['chat_message: over the budget (#0)']);
    expect(timers).toHaveLength(1);
    expect(timers[0]!.ms).toBe(3_600_000);
    timers[0]!.run();
    expect(lines).toEqual(['chat_message: over the budget (#0)', 'chat_message: over the budget (#0) (9999 more like it in the last 60 min)']);
  });

  it('keeps kinds apart, writes no count line for a lone event, and starts again in the next window', () => {
    const { log, lines, timers } = harness();
    log('lead', 'lead refused');
    log('chat_message', 'chat refused');
    log('chat_message', 'chat refused');
    expect(lines).toEqual(['lead refused', 'chat refused']);
    timers[0]!.run();
    expect(lines).toEqual(['lead refused', 'chat refused', 'chat refused (1 more like it in the last 1 min)']);
    log('lead', 'lead refused again');
    expect(lines.at(-1)).toBe('lead refused again');
    expect(timers).toHaveLength(2);
  });

  it('is bounded: past 100 kinds in a window, new kinds are dropped', () => {
    const { log, lines } = harness();
    for (let i = 0; i < 1000; i += 1) log(`kind-${i}`, `line ${i}`);
    expect(lines).toHaveLength(100);
  });
});
