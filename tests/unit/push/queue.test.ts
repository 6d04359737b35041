import { describe, expect, it } from 'vitest';
import { createPushQueue, type JobEnd, type PushJob, type SendOutcome } from '@/lib/push/queue';

/** A queue whose answers are scripted per attempt and whose timers are recorded, not waited for. */
function scripted(answers: (SendOutcome | Error)[], options: { limit?: number; maxAttempts?: number } = {}) {
  const ends: { end: JobEnd; detail: string; attempt: number }[] = [];
  const waits: number[] = [];
  const timers: (() => void)[] = [];
  let sent = 0;
  const queue = createPushQueue<PushJob>({
    send: async () => {
      const answer = answers[Math.min(sent, answers.length - 1)]!;
      sent += 1;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    onEnd: (job, end, detail) => ends.push({ end, detail, attempt: job.attempt }),
    schedule: (run, ms) => {
      waits.push(ms);
      timers.push(run);
    },
    ...options,
  });
  const settle = async () => {
    for (let round = 0; round < 20; round += 1) {
      await new Promise((resolve) => setImmediate(resolve));
      const next = timers.shift();
      if (next) next();
    }
  };
  return { queue, ends, waits, sent: () => sent, settle };
}

const job = (): PushJob => ({ subscriptionId: 1, label: 'test', attempt: 1 });

describe('the push queue', () => {
  it('retries a 429 after its Retry-After and a 5xx with back-off, then delivers', async () => {
    const run = scripted([
      { status: 429, retryAfterMs: 3_000 },
      { status: 503, retryAfterMs: null },
      { status: 201, retryAfterMs: null },
    ]);
    run.queue.enqueue(job());
    await run.settle();
    expect(run.waits).toEqual([3_000, 2_000]);
    expect(run.ends).toEqual([{ end: 'delivered', detail: 'HTTP 201', attempt: 3 }]);
    expect(run.queue.size()).toBe(0);
  });

  it('reports a subscription gone on 404 and 410, without retrying', async () => {
    for (const status of [404, 410]) {
      const run = scripted([{ status, retryAfterMs: null }]);
      run.queue.enqueue(job());
      await run.settle();
      expect(run.ends).toEqual([{ end: 'gone', detail: `HTTP ${status}`, attempt: 1 }]);
      expect(run.sent()).toBe(1);
    }
  });

  it('gives up after the last attempt, and at once on a Retry-After too far away', async () => {
    const failing = scripted([new Error('ECONNREFUSED')], { maxAttempts: 3 });
    failing.queue.enqueue(job());
    await failing.settle();
    expect(failing.waits).toEqual([1_000, 2_000]);
    expect(failing.ends).toEqual([{ end: 'failed', detail: 'ECONNREFUSED, 3 attempts', attempt: 3 }]);
    const far = scripted([{ status: 429, retryAfterMs: 3_600_000 }]);
    far.queue.enqueue(job());
    await far.settle();
    expect(far.ends[0]).toMatchObject({ end: 'gave_up' });
  });

  it('does not retry another refusal (400, 403, 413)', async () => {
    const run = scripted([{ status: 403, retryAfterMs: null }]);
    run.queue.enqueue(job());
    await run.settle();
    expect(run.ends).toEqual([{ end: 'failed', detail: 'HTTP 403', attempt: 1 }]);
  });

  it('holds at most `limit` pushes and drops the next ones, reporting them', async () => {
    const run = scripted([{ status: 503, retryAfterMs: null }], { limit: 2 });
    expect([run.queue.enqueue(job()), run.queue.enqueue(job()), run.queue.enqueue(job())]).toEqual([true, true, false]);
    expect(run.ends).toEqual([{ end: 'dropped', detail: 'queue full (2)', attempt: 1 }]);
    expect(run.queue.size()).toBe(2);
  });
});
