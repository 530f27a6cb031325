/**
 * Every queue job the application runs. Boot fails unless each name has exactly one
 * handler declared with @OnJob, and no handler names a job that is not listed here.
 */
export const JOB_NAMES = ['maintenance.prune', 'generation.run', 'generation.sweep', 'brand.extract'] as const;
export type JobName = (typeof JOB_NAMES)[number];
