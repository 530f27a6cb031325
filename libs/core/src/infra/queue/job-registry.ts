import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { AppConfig } from '../config/app-config';
import { isDatabaseUnavailable } from '../database/database-availability';
import { JOB_HANDLER_METADATA, JobHandlerMetadata } from './on-job.decorator';
import { JobContext, JobHandlerFn, JobPostponedError, RegisteredJob } from './queue.port';

export const KNOWN_JOB_NAMES = Symbol('KNOWN_JOB_NAMES');

export class JobRegistrationError extends Error {}

/** A job that met a database outage runs again this much later, without using up an attempt. */
export const JOB_POSTPONE_MS = 2000;

interface DiscoveredHandler extends RegisteredJob {
  where: string;
}

/** Finds every @OnJob handler and checks that each known job has exactly one. */
@Injectable()
export class JobRegistry implements OnModuleInit {
  private readonly logger = new Logger('Jobs');
  private handlers: DiscoveredHandler[] = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly config: AppConfig,
    @Inject(KNOWN_JOB_NAMES) private readonly knownNames: readonly string[],
  ) {}

  onModuleInit(): void {
    this.handlers = this.discover();
    this.validate();
  }

  get jobs(): RegisteredJob[] {
    return this.handlers.map(({ name, concurrency, attempts, run }) => ({ name, concurrency, attempts, run }));
  }

  /** The attempts the handler of `name` declares (or the default), once discovery ran. */
  attemptsFor(name: string): number | undefined {
    return this.handlers.find((h) => h.name === name)?.attempts;
  }

  private discover(): DiscoveredHandler[] {
    const found: DiscoveredHandler[] = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const meta = this.reflector.get<JobHandlerMetadata | undefined>(JOB_HANDLER_METADATA, prototype[method]);
        if (!meta) continue;
        found.push({
          name: meta.name,
          concurrency: meta.concurrency ?? this.config.WORKER_CONCURRENCY,
          attempts: meta.attempts ?? 3,
          where: `${prototype.constructor.name}.${method}`,
          run: this.observed((data, context) => (instance[method] as (...args: unknown[]) => Promise<unknown>).call(instance, data, context)),
        });
      }
    }
    return found;
  }

  /**
   * One info line when a job starts and one when it ends (name, id, attempt, duration, outcome,
   * worker pid), so an operator sees which process did what. A database outage postpones the job.
   */
  private observed(run: JobHandlerFn): JobHandlerFn {
    return async (data: unknown, context: JobContext) => {
      const job = `name=${context.name} id=${context.id} attempt=${context.attempt} pid=${process.pid}`;
      const started = Date.now();
      this.logger.log(`job started ${job}`);
      const ended = (outcome: string, extra = '') => this.logger.log(`job ended ${job} duration_ms=${Date.now() - started} outcome=${outcome}${extra}`);
      try {
        const result = await run(data, context);
        ended('completed');
        return result;
      } catch (error) {
        if (isDatabaseUnavailable(error)) {
          ended('postponed', ' reason=database-unavailable');
          throw new JobPostponedError(JOB_POSTPONE_MS, error);
        }
        ended('failed', ` error=${JSON.stringify((error as Error)?.message ?? String(error))}`);
        throw error;
      }
    };
  }

  private validate(): void {
    const problems: string[] = [];
    for (const name of this.knownNames) {
      const owners = this.handlers.filter((h) => h.name === name);
      if (owners.length === 0) problems.push(`job '${name}' has no handler`);
      if (owners.length > 1) problems.push(`job '${name}' has ${owners.length} handlers (${owners.map((h) => h.where).join(', ')})`);
    }
    for (const handler of this.handlers) {
      if (!this.knownNames.includes(handler.name)) problems.push(`${handler.where} handles unknown job '${handler.name}'`);
    }
    if (problems.length > 0) throw new JobRegistrationError(`Job handlers are misconfigured: ${problems.join('; ')}`);
  }
}
