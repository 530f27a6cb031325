/** The outbox events the organizations domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const ORGANIZATION_EVENTS = {
  organizationCreated: 'organization.created',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [ORGANIZATION_EVENTS.organizationCreated]: { name: string; ownerId: string };
  }
}
