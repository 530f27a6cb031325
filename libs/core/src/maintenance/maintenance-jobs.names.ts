import type { ScheduledJobPayload } from '../infra/queue/queue.port';

/** Queue jobs of maintenance (composed with the others in libs/core/src/job-names.ts). */
export const MAINTENANCE_JOBS = {
  /** Deletes what has outlived its use: expired rows, finished jobs, orphaned files (scheduled). */
  prune: 'maintenance.prune',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [MAINTENANCE_JOBS.prune]: ScheduledJobPayload;
  }
}
