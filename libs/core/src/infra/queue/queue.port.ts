/**
 * Every queue job's payload, by job name. Empty here: each domain adds its own jobs where it names
 * them (declaration merging in its `*-jobs.names.ts`), so infra knows no job and a job enqueued or
 * handled with the wrong payload does not compile.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface JobPayloads {}

export type JobName = keyof JobPayloads & string;

/** The payload of a job that runs on a schedule (the queue enqueues it with nothing in it). */
export type ScheduledJobPayload = Record<string, never>;

/** The jobs that take no payload, and so may run on a schedule. */
export type ScheduledJobName = { [N in JobName]: JobPayloads[N] extends ScheduledJobPayload ? N : never }[JobName];

export interface EnqueueOptions {
  /** Deduplicates: a job with the same id that is still known to the queue is not added again. */
  jobId?: string;
  /** Lower runs first (1 is the highest priority). */
  priority?: number;
  attempts?: number;
  delayMs?: number;
}

export interface JobContext {
  id: string;
  name: string;
  attempt: number;
  /** True when this is the last attempt: a handler may then settle what it cannot deliver. */
  isLastAttempt: boolean;
  reportProgress(progress: number | object): Promise<void>;
}

/**
 * A job that could not run because a service it needs is down (the database): the driver runs it
 * again after `delayMs` without using up one of its attempts.
 */
export class JobPostponedError extends Error {
  constructor(readonly delayMs: number, cause: unknown) {
    super(`postponed for ${delayMs} ms: ${(cause as Error)?.message ?? String(cause)}`, { cause });
    this.name = 'JobPostponedError';
  }
}

/** The queue did not take a job in time (Redis unreachable). */
export class QueueUnavailableError extends Error {
  constructor(jobName: string, ms: number) {
    super(`the queue did not take job ${jobName} within ${ms} ms`);
    this.name = 'QueueUnavailableError';
  }
}

export type JobHandlerFn = (data: unknown, context: JobContext) => Promise<unknown>;

export interface RegisteredJob {
  name: string;
  concurrency: number;
  attempts: number;
  run: JobHandlerFn;
}

/**
 * The queue as the domains see it; drivers: BullMQ (Redis) and in-process. The drivers carry any
 * name and data; the port lets a domain enqueue only a known job with its own payload.
 */
export abstract class QueuePort {
  abstract enqueue<N extends JobName>(name: N, data: JobPayloads[N], options?: EnqueueOptions): Promise<string>;
  /** Starts running the registered handlers (worker process, or the in-process start). */
  abstract startProcessing(jobs: RegisteredJob[]): Promise<void>;
  /** Runs a job every `everyMs` while processing is on; idempotent across processes. */
  abstract schedule(name: ScheduledJobName, everyMs: number): Promise<void>;
  abstract close(): Promise<void>;
}
