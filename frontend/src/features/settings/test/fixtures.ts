import { DEFAULT_PREFERENCES, type AccountDto, type InvitationDto, type MembershipRole, type OrganizationResponse } from '@brandloom/contracts';
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
