import { Logger } from '@nestjs/common';
import { Job, Queue, Worker } from 'bullmq';
import IORedis, { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { EnqueueOptions, QueuePort, RegisteredJob } from '../queue.port';

/** Finished jobs are trimmed so Redis does not grow forever. */
const KEEP_COMPLETED = { count: 1000, age: 24 * 3600 };
const KEEP_FAILED = { count: 5000, age: 7 * 24 * 3600 };

/** One BullMQ queue per job name, so each job type has its own priorities and concurrency. */
export class BullMqQueueDriver extends QueuePort {
  private readonly logger = new Logger('BullMqQueue');
  private readonly connection: Redis;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly attemptsByJob = new Map<string, number>();

  constructor(redisUrl: string, private readonly prefix = 'brandloom') {
    super();
    // BullMQ workers block on Redis; they need maxRetriesPerRequest null.
    this.connection = new IORedis(redisUrl, { maxRetriesPerRequest: null, enableReadyCheck: true });
  }

  async enqueue(name: string, data: unknown, options: EnqueueOptions = {}): Promise<string> {
    const job = await this.queue(name).add(name, data, {
      jobId: options.jobId ?? randomUUID(),
      priority: options.priority,
      attempts: options.attempts ?? this.attemptsByJob.get(name) ?? 3,
      delay: options.delayMs,
      backoff: { type: 'exponential', delay: 1000 },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
    return job.id!;
  }

  async startProcessing(jobs: RegisteredJob[]): Promise<void> {
    for (const registered of jobs) {
      this.attemptsByJob.set(registered.name, registered.attempts);
      const worker = new Worker(
        this.queueName(registered.name),
        (job: Job) =>
          registered.run(job.data, {
            id: job.id!,
            name: job.name,
            attempt: job.attemptsMade + 1,
            isLastAttempt: job.attemptsMade + 1 >= (job.opts.attempts ?? 1),
            reportProgress: (progress) => job.updateProgress(progress),
          }),
        { connection: this.connection.duplicate(), prefix: this.prefix, concurrency: registered.concurrency },
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
    await this.queue(name).upsertJobScheduler(`${name}:every`, { every: everyMs }, {
      name,
      data: {},
      opts: { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED },
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.close()));
    await Promise.all([...this.queues.values()].map((q) => q.close()));
    this.connection.disconnect();
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(this.queueName(name), { connection: this.connection, prefix: this.prefix });
      this.queues.set(name, queue);
    }
    return queue;
  }

  private queueName(jobName: string): string {
    return jobName.replace(/[^a-zA-Z0-9_-]/g, '-');
  }
}
