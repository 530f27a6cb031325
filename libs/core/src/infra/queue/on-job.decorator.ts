import { SetMetadata } from '@nestjs/common';

export const JOB_HANDLER_METADATA = 'brandloom:job-handler';

export interface JobHandlerOptions {
  concurrency?: number;
  attempts?: number;
}

export interface JobHandlerMetadata extends JobHandlerOptions {
  name: string;
}

/** Declares a provider method as the handler of a queue job; discovered at boot. */
export const OnJob = (name: string, options: JobHandlerOptions = {}): MethodDecorator =>
  SetMetadata(JOB_HANDLER_METADATA, { name, ...options } satisfies JobHandlerMetadata);
