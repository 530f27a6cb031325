import { Logger } from '@nestjs/common';
import { DelayedError, Job, Queue, Worker } from 'bullmq';
import IORedis, { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EnqueueOptions, JobPostponedError, QueuePort, QueueUnavailableError, RegisteredJob } from '../queue.port';

/** Finished jobs are trimmed so Redis does not grow forever. */
const KEEP_COMPLETED = { count: 1000, age: 24 * 3600 };
const KEEP_FAILED = { count: 5000, age: 7 * 24 * 3600 };

export interface BullMqWorkerOptions {
  /** Job lock duration (BullMQ lockDuration, default 30 s): a crashed worker's jobs count as stalled after it. */
  lockDurationMs?: number;
  /** Stalled-job check interval (BullMQ stalledInterval, default 30 s): stalled jobs go back to the queue. */
  stalledIntervalMs?: number;
  /** How long enqueue() waits for Redis before throwing QueueUnavailableError (default 3 s). */
  enqueueTimeoutMs?: number;
}

const DEFAULT_ENQUEUE_TIMEOUT_MS = 3000;

/** One BullMQ queue per job name, so each job type has its own priorities and concurrency. */
export class BullMqQueueDriver extends QueuePort {
  private readonly logger = new Logger('BullMqQueue');
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  /** BullMQ treats a connection it is given as shared and never closes it: close() does. */
  private readonly workerConnections: Redis[] = [];
  private readonly attemptsByJob = new Map<string, number>();
  /** Job name → interval of every schedule set by this process (set again after a Redis reconnect). */
  private readonly schedules = new Map<string, number>();

  /**
   * `declaredAttempts` gives the attempts a job's handler declares, also in a process that
   * only enqueues (the API): BullMQ fixes a job's attempts when it is added.
   */
  constructor(
    redisUrl: string,
    private readonly prefix = 'brandloom',
    private readonly declaredAttempts: (jobName: string) => number | undefined = () => undefined,
    private readonly workerOptions: BullMqWorkerOptions = {},
  ) {
    super();
    // BullMQ workers block on Redis; they need maxRetriesPerRequest null.
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
    this.connection.on('error', (error) => this.logger.warn(`redis: ${error.message}`));
    // A Redis that comes back without its data (no persistence, failover to an empty replica) has
    // forgotten the schedules, and with them the sweeper that re-enqueues lost jobs: set them again.
    this.connection.on('ready', () => {
      for (const [name, everyMs] of this.schedules) {
        this.upsertSchedule(name, everyMs).catch((error: Error) => this.logger.warn(`schedule ${name}: ${error.message}`));
      }
    });
  }

  /**
   * Adds the job, waiting at most enqueueTimeoutMs: while Redis is away the command waits in
   * ioredis's offline queue (it may still go through later, harmless under the same job id).
   */
  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<string> {
    const timeoutMs = this.workerOptions.enqueueTimeoutMs ?? DEFAULT_ENQUEUE_TIMEOUT_MS;
    const adding = this.queue(name).add(name, data, {
      jobId: options.jobId ?? randomUUID(),
      priority: options.priority,
      attempts: options.attempts ?? this.attemptsByJob.get(name) ?? this.declaredAttempts(name) ?? 3,
      delay: options.delayMs,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueUnavailableError(name, timeoutMs)), timeoutMs);
    });
    adding.catch(() => undefined);
    try {
      const job = await Promise.race([adding, timeout]);
      return job.id!;
    } finally {
      clearTimeout(timer);
    }
  }

  async startProcessing(jobs: RegisteredJob[]): Promise<void> {
    for (const registered of jobs) {
      this.attemptsByJob.set(registered.name, registered.attempts);
      const connection = this.connection.duplicate();
      this.workerConnections.push(connection);
      const worker = new Worker(
        this.queueName(registered.name),
        async (job: Job, token?: string) => {
          try {
            return await registered.run(job.data, {
              id: job.id!,
              name: job.name,
              attempt: job.attemptsMade + 1,
              isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
              reportProgress: (progress) => job.updateProgress(progress),
            });
          } catch (error) {
            if (!(error instanceof JobPostponedError) || !token) throw error;
            // Back to the delayed set without counting a failed attempt.
            await job.moveToDelayed(Date.now() + error.delayMs, token);
            throw new DelayedError();
          }
        },
        {
          connection,
          prefix: this.prefix,
          concurrency: registered.concurrency,
          // Absent options keep BullMQ's defaults (an undefined value would override them).
          ...(this.workerOptions.lockDurationMs ? { lockDuration: this.workerOptions.lockDurationMs } : {}),
          ...(this.workerOptions.stalledIntervalMs ? { stalledInterval: this.workerOptions.stalledIntervalMs } : {}),
        },
      );
      worker.on('failed', (job, error) =>
        this.logger.warn(`job ${registered.name} ${job?.id} attempt ${job?.attemptsMade} failed: ${error.message}`),
      );
      worker.on('error', (error) => this.logger.error(`worker ${registered.name}: ${error.message}`));
      this.workers.push(worker);
    }
    await Promise.all(this.workers.map((w) => w.waitUntilReady()));
  }

  async schedule(name: string, everyMs: number): Promise<void> {
    this.schedules.set(name, everyMs);
    await this.upsertSchedule(name, everyMs);
  }

  private async upsertSchedule(name: string, everyMs: number): Promise<void> {
    await this.queue(name).upsertJobScheduler(`${name}:every`, { every: everyMs }, {
      name,
      data: {},
      opts: { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED },
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.workerConnections.forEach((c) => c.disconnect());
    this.connection.disconnect();
  }

  /** The BullMQ queues behind these job names, for inspection (the admin's queue board). */
  queuesFor(jobNames: readonly string[]): Queue[] {
    return jobNames.map((name) => this.queue(name));
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(this.queueName(name), { connection: this.connection, prefix: this.prefix });
      // Connection errors are logged by the connection's own listener; without one BullMQ prints them raw.
      queue.on('error', () => undefined);
      this.queues.set(name, queue);
    }
    return queue;
  }

  private queueName(jobName: string): string {
    return jobName.replace(/[^a-zA-Z0-9_-]/g, '-');
  }
}
