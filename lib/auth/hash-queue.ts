import pLimit from 'p-limit';

/** A hash could not even wait its turn: the server answers 503 rather than hold more memory. */
export class HashQueueFullError extends Error {
  constructor() {
    super('Too many password checks at once.');
    this.name = 'HashQueueFullError';
  }
}

/**
 * Runs at most `concurrency` password hashes at once (each holds 64 MiB for ~0.4 s at N=2^16, r=8),
 * lets up to `maxQueue` more wait in line and refuses the rest at once.
 */
export function createHashQueue({ concurrency, maxQueue }: { concurrency: number; maxQueue: number }) {
  const limit = pLimit(concurrency);
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (limit.activeCount + limit.pendingCount >= concurrency + maxQueue) throw new HashQueueFullError();
    return limit(task);
  };
}
