/** The outbox events the auth domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const AUTH_EVENTS = {
  userRegistered: 'user.registered',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [AUTH_EVENTS.userRegistered]: { userId: string; email: string };
  }
}
