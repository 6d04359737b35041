import { PUSH_CONCURRENCY, PUSH_MAX_ATTEMPTS, PUSH_MAX_RETRY_AFTER_MS, PUSH_QUEUE_LIMIT, PUSH_RETRY_BASE_MS } from './constants';

export type PushJob = { subscriptionId: number; label: string; attempt: number };
export type SendOutcome = { status: number; retryAfterMs: number | null };
export type JobEnd = 'delivered' | 'gone' | 'failed' | 'gave_up' | 'dropped';

type Schedule = (run: () => void, ms: number) => void;

/** 429 and 5xx are worth another try; a network error too. */
const retryable = (status: number) => status === 429 || status >= 500;

/**
 * The process's outgoing pushes: at most `concurrency` at a time and `limit` waiting (new ones
 * past it are dropped and reported, never queued without bound). A 429 or 5xx answer, or a network
 * error, is tried again after 1 s, 2 s, 4 s… or the service's Retry-After when longer, up to
 * `maxAttempts`; 404 and 410 mean the subscription is gone. Nothing here waits on a visitor's request.
 */
export function createPushQueue<J extends PushJob>({
  send,
  onEnd,
  limit = PUSH_QUEUE_LIMIT,
  concurrency = PUSH_CONCURRENCY,
  maxAttempts = PUSH_MAX_ATTEMPTS,
  baseMs = PUSH_RETRY_BASE_MS,
  maxRetryAfterMs = PUSH_MAX_RETRY_AFTER_MS,
  schedule = (run, ms) => setTimeout(run, ms).unref(),
}: {
  send: (job: J) => Promise<SendOutcome>;
  onEnd: (job: J, end: JobEnd, detail: string) => void;
  limit?: number;
  concurrency?: number;
  maxAttempts?: number;
  baseMs?: number;
  maxRetryAfterMs?: number;
  schedule?: Schedule;
}) {
  const ready: J[] = [];
  let pending = 0;
  let running = 0;

  const finish = (job: J, end: JobEnd, detail: string) => {
    pending -= 1;
    onEnd(job, end, detail);
  };

  const retryLater = (job: J, detail: string, retryAfterMs: number | null) => {
    if (job.attempt >= maxAttempts) return finish(job, 'failed', `${detail}, ${job.attempt} attempts`);
    const backOff = baseMs * 2 ** (job.attempt - 1);
    const wait = Math.max(backOff, retryAfterMs ?? 0);
    if (wait > maxRetryAfterMs) return finish(job, 'gave_up', `${detail}, Retry-After ${Math.round(wait / 1000)} s`);
    schedule(() => {
      ready.push({ ...job, attempt: job.attempt + 1 });
      pump();
    }, wait);
  };

  const run = async (job: J) => {
    try {
      const { status, retryAfterMs } = await send(job);
      if (status >= 200 && status < 300) finish(job, 'delivered', `HTTP ${status}`);
      else if (status === 404 || status === 410) finish(job, 'gone', `HTTP ${status}`);
      else if (retryable(status)) retryLater(job, `HTTP ${status}`, retryAfterMs);
      else finish(job, 'failed', `HTTP ${status}`);
    } catch (error) {
      retryLater(job, (error as Error).message, null);
    }
  };

  function pump() {
    while (running < concurrency && ready.length > 0) {
      const job = ready.shift()!;
      running += 1;
      void run(job).finally(() => {
        running -= 1;
        pump();
      });
    }
  }

  return {
    /** False when the queue is full: the push is dropped (and reported through onEnd). */
    enqueue(job: J): boolean {
      if (pending >= limit) {
        onEnd(job, 'dropped', `queue full (${limit})`);
        return false;
      }
      pending += 1;
      ready.push(job);
      pump();
      return true;
    },
    size: () => pending,
  };
}
