/** One version of an ad to render (a retry of the same version makes no second asset). */
export interface AdRenderJob {
  adId: string;
  version: number;
}

/** Queue jobs of the ads domain (composed with the others in libs/core/src/job-names.ts). */
export const AD_JOBS = {
  /** Renders one version of an ad to a library asset (data: { adId, version }). */
  render: 'ad.render',
} as const;

declare module '../infra/queue/queue.port' {
  interface JobPayloads {
    [AD_JOBS.render]: AdRenderJob;
  }
}
