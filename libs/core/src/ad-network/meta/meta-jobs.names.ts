import type { ScheduledJobPayload } from '../../infra/queue/queue.port';
import type { MetaPushJob } from './meta-push.service';

/** Queue jobs of the Meta integration (composed with the others through the ad-network registry and libs/core/src/job-names.ts). */
export const META_JOBS = {
  /** Uploads an asset's image, creates the creative and the paused ad. */
  push: 'meta.push',
  /** Reads every organization's pushed ads' daily results (every META_INSIGHTS_SYNC_INTERVAL_SECONDS). */
  syncResults: 'meta.sync-results',
} as const;

declare module '../../infra/queue/queue.port' {
  interface JobPayloads {
    [META_JOBS.push]: MetaPushJob;
    [META_JOBS.syncResults]: ScheduledJobPayload;
  }
}
