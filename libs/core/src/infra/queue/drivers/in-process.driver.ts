import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { EnqueueOptions, JobPostponedError, QueuePort, RegisteredJob } from '../queue.port';

interface PendingJob {
  id: string;
  name: string;
  data: unknown;
  priority: number;
  attempts: number;
  attempt: number;
  seq: number;
}

const RETRY_BASE_MS = 500;

/**
 * Runs jobs inside this process: only for the zero-dependency start (no Redis), where the
 * API process is also the worker. Keeps BullMQ's semantics that handlers rely on: job id
 * deduplication, priorities, attempts with exponential backoff.
 */
export class InProcessQueueDriver extends QueuePort {
  private readonly logger = new Logger('InProcessQueue');
  private readonly handlers = new Map<string, RegisteredJob>();
  private readonly waiting: PendingJob[] = [];
  private readonly running = new Map<string, number>();
  private readonly known = new Set<string>();
  /** Pending retries and delayed jobs: work that is not done yet. */
  private readonly timers = new Set<NodeJS.Timeout>();
  /** Schedules: they never finish, so they do not keep the queue from being idle. */
  private readonly intervals = new Set<NodeJS.Timeout>();
  private seq = 0;
  private closed = false;
  private idleResolvers: Array<() => void> = [];

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<string> {
    const id = options.jobId ?? randomUUID();
    if (this.known.has(id)) return id;
    this.known.add(id);
    const job: PendingJob = { id, name, data, priority: options.priority ?? 0, attempts: options.attempts ?? 0, attempt: 0, seq: this.seq++ };
    if (options.delayMs) this.later(options.delayMs, () => this.push(job));
    else this.push(job);
    return id;
  }

  async startProcessing(jobs: RegisteredJob[]): Promise<void> {
    for (const job of jobs) this.handlers.set(job.name, job);
    this.drain();
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    const timer = setInterval(() => void this.enqueue(name, {}), everyMs);
    timer.unref();
    this.intervals.add(timer);
  }

  /** Resolves once nothing is waiting or running (used by tests and graceful shutdown). */
  onIdle(): Promise<void> {
    if (this.isIdle()) return Promise.resolve();
    return new Promise((resolve) => this.idleResolvers.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.intervals) clearInterval(timer);
    this.intervals.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.onIdle();
  }

  private push(job: PendingJob): void {
    this.waiting.push(job);
    this.waiting.sort((a, b) => a.priority - b.priority || a.seq - b.seq);
    this.drain();
  }

  private drain(): void {
    if (this.closed) return this.settleIdle();
    for (let i = 0; i < this.waiting.length; i++) {
      const job = this.waiting[i];
      const handler = this.handlers.get(job.name);
      if (!handler || (this.running.get(job.name) ?? 0) >= handler.concurrency) continue;
      this.waiting.splice(i--, 1);
      void this.run(job, handler);
    }
    this.settleIdle();
  }

  private async run(job: PendingJob, handler: RegisteredJob): Promise<void> {
    this.running.set(job.name, (this.running.get(job.name) ?? 0) + 1);
    const attempts = job.attempts || handler.attempts;
    job.attempt += 1;
    try {
      await handler.run(job.data, {
        id: job.id,
        name: job.name,
        attempt: job.attempt,
        isLastAttempt: job.attempt >= attempts,
        reportProgress: async () => undefined,
      });
      this.known.delete(job.id);
    } catch (error) {
      if (error instanceof JobPostponedError && !this.closed) {
        // Not a failed attempt: the same attempt runs again once the database is back.
        job.attempt -= 1;
        this.later(error.delayMs, () => this.push(job));
      } else if (job.attempt < attempts && !this.closed) {
        this.later(RETRY_BASE_MS * 2 ** (job.attempt - 1), () => this.push(job));
      } else {
        this.known.delete(job.id);
        this.logger.error(`job ${job.name} ${job.id} failed after ${job.attempt} attempt(s): ${(error as Error).message}`);
      }
    } finally {
      this.running.set(job.name, (this.running.get(job.name) ?? 1) - 1);
      this.drain();
    }
  }

  private later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
  }

  private isIdle(): boolean {
    return this.waiting.length === 0 && [...this.running.values()].every((n) => n === 0) && this.timers.size === 0;
  }

  private settleIdle(): void {
    if (!this.isIdle()) return;
    const resolvers = this.idleResolvers;
    this.idleResolvers = [];
    resolvers.forEach((resolve) => resolve());
  }
}
