import type { ScheduledJobPayload } from '../infra/queue/queue.port';

/** One version of an ad to render (a retry of the same version makes no second asset). */
export interface AdRenderJob {
  adId: string;
  version: number;
}

/** Queue jobs of the ads domain (composed with the others in libs/core/src/job-names.ts). */
export const AD_JOBS = {
  /** Renders one version of an ad to a library asset (data: { adId, version }). */
  render: 'ad.render',
  /** Re-enqueues lost ad renders and fails those whose worker vanished (every minute). */
  sweep: 'ad.sweep',
} as const;

/** One queue entry per ad version: enqueuing the same version again is a no-op while the queue knows it. */
export function adRenderJobId(adId: string, version: number): string {
  return `${adId}-v${version}`;
}

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [AD_JOBS.render]: AdRenderJob;
    [AD_JOBS.sweep]: ScheduledJobPayload;
  }
}
