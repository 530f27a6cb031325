/** Queue jobs of the generation domain (composed with the others in libs/core/src/job-names.ts). */
export const GENERATION_JOBS = {
  /** Runs one generation: provider → storage → assets → completed (data: { generationId }). */
  run: 'generation.run',
  /** Re-enqueues lost jobs and settles generations whose worker vanished (scheduled every minute). */
  sweep: 'generation.sweep',
  /** Lists OpenAI's models and warns about configured ones that shut down soon or are gone (daily, in the worker). */
  checkModels: 'generation.check-models',
} as const;
