/** The outbox events the organizations domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const ORGANIZATION_EVENTS = {
  organizationCreated: 'organization.created',
} as const;
