/** Queue jobs of the formats domain (composed with the others in libs/core/src/job-names.ts). */
export const FORMAT_JOBS = {
  /** Makes one ad format of an asset (data: { formatJobId }). */
  run: 'format.run',
  /** Re-enqueues lost format jobs and settles those whose worker vanished (every minute). */
  sweep: 'format.sweep',
} as const;
