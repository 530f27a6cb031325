import type { ScheduledJobPayload } from '../infra/queue/queue.port';
import type { FormatRunJob } from './formats.service';

/** Queue jobs of the formats domain (composed with the others in libs/core/src/job-names.ts). */
export const FORMAT_JOBS = {
  /** Makes one ad format of an asset (data: { formatJobId }). */
  run: 'format.run',
  /** Re-enqueues lost format jobs and settles those whose worker vanished (every minute). */
  sweep: 'format.sweep',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [FORMAT_JOBS.run]: FormatRunJob;
    [FORMAT_JOBS.sweep]: ScheduledJobPayload;
  }
}
