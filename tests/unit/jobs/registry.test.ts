import { describe, expect, it } from 'vitest';
import { isJobStarted, registerJob, startJobs, triggerJob } from '@/lib/jobs';

const HOUR = 3_600_000;
const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('jobs registry', () => {
  it('starts each enabled job once, never runs one twice at once, and keeps a trigger that came during a run', async () => {
    let runs = 0;
    let release: () => void = () => undefined;
    registerJob({
      name: 'test-serialised',
      everyMs: HOUR,
      run: () => {
        runs += 1;
        return new Promise<void>((resolve) => (release = resolve));
      },
    });
    registerJob({ name: 'test-disabled', everyMs: HOUR, enabled: () => false, run: async () => undefined });
    triggerJob('test-serialised');
    expect(runs).toBe(0);
    startJobs();
    startJobs();
    expect(isJobStarted('test-serialised')).toBe(true);
    expect(isJobStarted('test-disabled')).toBe(false);
    triggerJob('test-serialised');
    triggerJob('test-serialised');
    triggerJob('test-serialised');
    expect(runs).toBe(1);
    release();
    await settle();
    expect(runs).toBe(2);
    release();
    await settle();
    expect(runs).toBe(2);
  });

  it('logs a failing run with the job name and runs it again on the next trigger', async () => {
    let runs = 0;
    registerJob({
      name: 'test-failing',
      everyMs: HOUR,
      run: async () => {
        runs += 1;
        throw new Error('database down');
      },
    });
    startJobs();
    const errors: string[] = [];
    const original = console.error;
    console.error = (line: string) => void errors.push(line);
    try {
      triggerJob('test-failing');
      await settle();
      triggerJob('test-failing');
      await settle();
    } finally {
      console.error = original;
    }
    expect(runs).toBe(2);
    expect(errors).toEqual(['[jobs] test-failing: database down', '[jobs] test-failing: database down']);
  });
});
