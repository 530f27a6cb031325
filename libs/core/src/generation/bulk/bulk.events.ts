/** Written to the outbox when a bulk batch is accepted: its rows are queued from there. */
export const BULK_BATCH_REQUESTED_EVENT = 'generation.batch_requested';

declare module '../../infra/outbox/domain-event' {
  interface EventPayloads {
    [BULK_BATCH_REQUESTED_EVENT]: { batchId: string; folderId: string; userId: string | null; total: number; creditsCharged: number };
  }
}
