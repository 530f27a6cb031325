import {
  DEFAULT_PREFERENCES,
  type AccountDto,
  type InvitationDto,
  type MembershipRole,
  type OrganizationResponse,
  type WebhookDeliveryDto,
  type WebhookEndpointDto,
} from '@brandloom/contracts';
import { makeOrganization, makeUser, mockApi, signedInApi, type Reply } from '../../../test/utils';

export function makeAccount(overrides: Partial<AccountDto> = {}): AccountDto {
  return {
    ...makeUser(),
    bio: 'Brand lead',
    has_password: true,
    google_linked: false,
    organization_id: 'org-1',
    role: 'owner',
    preferences: DEFAULT_PREFERENCES,
    ...overrides,
  };
}

export function organizationWithRole(role: MembershipRole): OrganizationResponse {
  const base = makeOrganization();
  return {
    organization: { ...base.organization, website: 'https://acme.example', description: 'We roast coffee' },
    members: [
      { ...makeUser(), role },
      { ...makeUser({ id: 'user-2', username: 'bob', email: 'bob@example.com' }), role: 'member' },
    ],
  };
}

export const invitation = (overrides: Partial<InvitationDto> = {}): InvitationDto => ({
  id: 'inv-1',
  email: 'carol@example.com',
  role: 'member',
  status: 'pending',
  invited_by: 'alice',
  created_at: '2026-11-20T10:00:00.000Z',
  expires_at: '2026-11-27T10:00:00.000Z',
  ...overrides,
});

export const WEBHOOK_ENDPOINT_ID = '6f1c0a52-3c1d-4c7e-9a8e-0d1f2a3b4c5d';

/** An enabled endpoint for finished generations and low credits, without failures. */
export const webhookEndpoint = (overrides: Partial<WebhookEndpointDto> = {}): WebhookEndpointDto => ({
  id: WEBHOOK_ENDPOINT_ID,
  url: 'https://hooks.example.com/brandloom',
  events: ['generation.completed', 'credits.low'],
  enabled: true,
  disabled_reason: null,
  consecutive_failures: 0,
  created_by: 'u-1',
  created_at: '2026-01-05T10:00:00.000Z',
  ...overrides,
});

/** A first attempt that the receiver answered with a 500, to be tried again. */
export const webhookDelivery = (overrides: Partial<WebhookDeliveryDto> = {}): WebhookDeliveryDto => ({
  id: 'd-1',
  event_id: 'e-1',
  type: 'generation.completed',
  attempt: 1,
  manual: false,
  status: 'failed',
  status_code: 500,
  duration_ms: 42,
  error: 'Answered HTTP 500: boom',
  scheduled_at: '2026-01-05T10:01:00.000Z',
  attempted_at: '2026-01-05T10:01:00.000Z',
  next_attempt_at: '2026-01-05T10:02:00.000Z',
  delivered_at: null,
  ...overrides,
});

type Handlers = Parameters<typeof mockApi>[0];

/** A signed-in owner's settings calls; `overrides` replace or add routes. */
export function settingsApi(role: MembershipRole = 'owner', overrides: Handlers = {}): Handlers {
  return {
    ...signedInApi(),
    'GET /api/organization': { body: organizationWithRole(role) },
    'GET /api/users/me': { body: makeAccount({ role }) },
    'GET /api/meta/status': { body: { connected: false, plan_allows: true, configured: true, expired: false, metaUser: null, connectedAt: null, adAccounts: [], pages: [], lastSync: null } },
    'GET /api/meta/pushes': { body: { pushes: [] } },
    'GET /api/organization/invitations': { body: [invitation()] },
    'GET /api/stripe/billing-details': { body: { subscription: null, purchases: [] } },
    ...overrides,
  };
}

export const ok = (body?: unknown): Reply => ({ status: 200, body });

/** The JSON bodies sent to `METHOD url`. */
export function bodiesOf(fetchMock: ReturnType<typeof mockApi>, method: string, url: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => String(input) === url && (init?.method ?? 'GET') === method)
    .map(([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body));
}
