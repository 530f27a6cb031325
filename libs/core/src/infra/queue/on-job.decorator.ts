import { SetMetadata } from '@nestjs/common';
import type { JobContext, JobName, JobPayloads } from './queue.port';

export const JOB_HANDLER_METADATA = 'brandloom:job-handler';

export interface JobHandlerOptions {
  concurrency?: number;
  attempts?: number;
}

export interface JobHandlerMetadata extends JobHandlerOptions {
  name: string;
}

/** What a handler of job `N` may be: it takes that job's payload (or ignores it). */
export type JobHandler<N extends JobName> = (data: JobPayloads[N], context: JobContext) => Promise<unknown>;

/**
 * Declares a provider method as the handler of a queue job; discovered at boot. The method must
 * take the job's own payload: a handler of the wrong payload does not compile.
 */
export const OnJob = <N extends JobName>(name: N, options: JobHandlerOptions = {}) =>
  SetMetadata(JOB_HANDLER_METADATA, { name, ...options } satisfies JobHandlerMetadata) as <H extends JobHandler<N>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<H>,
  ) => void;
