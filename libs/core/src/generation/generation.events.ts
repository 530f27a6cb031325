import type { Quality } from '@brandloom/contracts';
import type { GenerationProviderName } from './entities/generation.entity';

/** The outbox events the generation domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const GENERATION_EVENTS = {
  generationRequested: 'generation.requested',
  generationCompleted: 'generation.completed',
  generationFailed: 'generation.failed',
} as const;

/** How a generation ended (also written by the one-statement completion, generation-settlement.ts). */
export interface GenerationSettledPayload {
  generationId: string;
  delivered: number;
  creditsRefunded: number;
  batchId: string | null;
  message: string;
}

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [GENERATION_EVENTS.generationRequested]: {
      generationId: string;
      userId: string | null;
      quality: Quality;
      size: string;
      variationCount: number;
      creditsCharged: number;
      provider: GenerationProviderName;
      batchId: string | null;
    };
    [GENERATION_EVENTS.generationCompleted]: GenerationSettledPayload;
    [GENERATION_EVENTS.generationFailed]: GenerationSettledPayload;
  }
}
