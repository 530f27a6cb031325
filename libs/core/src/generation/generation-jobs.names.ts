import type { ScheduledJobPayload } from '../infra/queue/queue.port';
import type { GenerationRunJob } from './generation.service';

/** Queue jobs of the generation domain (composed with the others in libs/core/src/job-names.ts). */
export const GENERATION_JOBS = {
  /** Runs one generation: provider → storage → assets → completed (data: { generationId }). */
  run: 'generation.run',
  /** Re-enqueues lost jobs and settles generations whose worker vanished (scheduled every minute). */
  sweep: 'generation.sweep',
  /** Lists OpenAI's models and warns about configured ones that shut down soon or are gone (daily, in the worker). */
  checkModels: 'generation.check-models',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [GENERATION_JOBS.run]: GenerationRunJob;
    [GENERATION_JOBS.sweep]: ScheduledJobPayload;
    [GENERATION_JOBS.checkModels]: ScheduledJobPayload;
  }
}
