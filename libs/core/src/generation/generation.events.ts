/** The outbox events the generation domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const GENERATION_EVENTS = {
  generationRequested: 'generation.requested',
  generationCompleted: 'generation.completed',
  generationFailed: 'generation.failed',
} as const;
