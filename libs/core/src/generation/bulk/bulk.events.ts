/** Written to the outbox when a bulk batch is accepted: its rows are queued from there. */
export const BULK_BATCH_REQUESTED_EVENT = 'generation.batch_requested';
