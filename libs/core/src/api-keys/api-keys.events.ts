import type { ApiKeyScope } from '@brandloom/contracts';

/** The outbox events the API keys domain writes (composed with every domain's in libs/core/src/event-names.ts). */
export const API_KEY_EVENTS = {
  apiKeyCreated: 'api_key.created',
  apiKeyRevoked: 'api_key.revoked',
} as const;

declare module '../infra/outbox/domain-event' {
  interface EventPayloads {
    [API_KEY_EVENTS.apiKeyCreated]: { apiKeyId: string; name: string; prefix: string; scopes: ApiKeyScope[]; userId: string };
    [API_KEY_EVENTS.apiKeyRevoked]: { apiKeyId: string; name: string; prefix: string; userId: string };
  }
}
