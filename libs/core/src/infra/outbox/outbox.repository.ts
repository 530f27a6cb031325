/**
 * The outbox insert of a statement that also writes other tables (a debit's event in its CTE):
 * `select` yields the events' columns in this order: event_id, type, organization_id, payload.
 */
export const insertOutboxEventsSql = (select: string): string => `INSERT INTO outbox (event_id, type, organization_id, payload)
      ${select}`;
