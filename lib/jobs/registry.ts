import 'server-only';
import { todayInMauritius } from '@/lib/time/mauritius';
import { claimJobDay, releaseJobDay } from './claims';
import { describeError } from '@/lib/log/describe-error';

// The background jobs of a server process, registered in one place (lib/scheduled-jobs.ts) and
// started once by instrumentation.ts: each with its name, its interval, and how the instances
// sharing a database share it.

export interface JobDefinition {
  name: string;
  everyMs: number;
  /** The first run after start; `everyMs` unless said. */
  firstAfterMs?: number;
  /** Asked when the jobs start: false leaves the job off (no SMTP server, no PostgreSQL…). */
  enabled?: () => boolean;
  /**
   * Unset: every instance runs the job, which is idempotent or claims its rows itself (the reply
   * mails, the unread pushes). 'daily': one instance per Mauritius day, claimed in job_claims
   * before the run and given back when it fails.
   */
  claim?: 'daily';
  run: () => Promise<unknown>;
}

type JobState = { definition: JobDefinition; running: boolean; again: boolean; started: boolean };
type Registry = { jobs: Map<string, JobState> };

// On globalThis: one registry per process, whatever the number of module copies Next evaluates.
const REGISTRY = Symbol.for('maurice-expat.jobs');
const holder = globalThis as { [REGISTRY]?: Registry };
const registry: Registry = (holder[REGISTRY] ??= { jobs: new Map() });

/** Adds a job; a name registered twice keeps its first definition. */
export function registerJob(definition: JobDefinition): void {
  if (!registry.jobs.has(definition.name)) registry.jobs.set(definition.name, { definition, running: false, again: false, started: false });
}

async function runOnce({ name, claim, run }: JobDefinition): Promise<void> {
  if (claim !== 'daily') return void (await run());
  const day = todayInMauritius();
  if (!(await claimJobDay({ job: name, day }))) return;
  try {
    await run();
  } catch (error) {
    await releaseJobDay({ job: name, day }).catch(() => undefined);
    throw error;
  }
}

/**
 * Runs the job now, or once more as soon as the run in progress ends: never two runs of one job
 * at once in a process, never a trigger lost. Errors are logged with the job's name.
 */
export function triggerJob(name: string): void {
  const state = registry.jobs.get(name);
  if (!state?.started) return;
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = true;
  state.again = false;
  runOnce(state.definition)
    .catch((error: unknown) => console.error(`[jobs] ${name}: ${describeError(error)}`))
    .finally(() => {
      state.running = false;
      if (state.again) triggerJob(name);
    });
}

/** Starts every registered job that is enabled; later calls start only jobs registered since. */
export function startJobs(): void {
  for (const [name, state] of registry.jobs) {
    if (state.started || (state.definition.enabled && !state.definition.enabled())) continue;
    state.started = true;
    const { everyMs, firstAfterMs = everyMs } = state.definition;
    setTimeout(() => triggerJob(name), firstAfterMs).unref();
    setInterval(() => triggerJob(name), everyMs).unref();
  }
}

/** Whether the job runs in this process (started and enabled). */
export function isJobStarted(name: string): boolean {
  return registry.jobs.get(name)?.started ?? false;
}
