/** What handlers and jobs receive for an outbox row. */
export interface DomainEvent<P = Record<string, unknown>> {
  id: string;
  type: string;
  organizationId: string | null;
  payload: P;
  occurredAt: string;
}
