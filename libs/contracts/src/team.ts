import type { MembershipRole, OrganizationDto } from './organizations';

export const INVITATION_TTL_DAYS = 7;
/** Pending invitations per organization. */
export const INVITATIONS_MAX_PENDING = 100;
/**
 * A resend this soon after the invitation was last mailed is the same click arriving twice (a
 * double click, concurrent requests, a client's retry): it answers the invitation as it is, with
 * no new link and no mail.
 */
export const INVITATION_RESEND_SAME_CLICK_SECONDS = 10;
export const INVITATION_DEFAULT_ROLE: MembershipRole = 'member';
export const ROLE_LABELS: Record<MembershipRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };
/** Roles that manage the team and edit the organization. */
export const MANAGER_ROLES: readonly MembershipRole[] = ['owner', 'admin'];

export const canManageTeam = (role: MembershipRole | null | undefined): boolean => role === 'owner' || role === 'admin';

/** pending: can be accepted; expired: past expires_at (resend renews it). Accepted and revoked ones are not listed. */
export type InvitationStatus = 'pending' | 'expired' | 'accepted' | 'revoked';

/** GET/POST /api/organization/invitations, POST .../{id}/resend. */
export interface InvitationDto {
  id: string;
  email: string;
  role: MembershipRole;
  status: InvitationStatus;
  invited_by: string | null;
  created_at: string;
  /** When the mailed link stops working (resend renews it). */
  expires_at: string;
}

export interface CreateInvitationRequest {
  email: string;
  role: MembershipRole;
}

/** PATCH /api/organization/members/{userId} answers the TeamMemberDto; DELETE answers 204. */
export interface UpdateMemberRequest {
  role: MembershipRole;
}

/**
 * GET /api/invitations/{token}: what the invitation page shows (no sign-in needed). An unknown token answers 404.
 * `current` is filled when a signed-in user opens it: what accepting does to their present organization.
 */
export interface InvitationPreviewDto {
  organization_name: string;
  email: string;
  role: MembershipRole;
  status: InvitationStatus;
  /** status === 'pending'. */
  valid: boolean;
  invited_by: string | null;
  expires_at: string;
  current: InvitationAcceptEffect | null;
}

export interface InvitationAcceptEffect {
  /** The signed-in user's email matches the invitation's. */
  email_matches: boolean;
  already_member: boolean;
  organization_name: string | null;
  /** The user is its only member: accepting deletes it with its assets, brand profiles and credits. */
  organization_deleted: boolean;
  /** Why accepting is refused now (e.g. a sole owner with other members), else null. */
  blocked_reason: string | null;
}

/** POST /api/invitations/{token}/accept (signed in): the organization the user now belongs to. */
export interface AcceptInvitationResponse {
  organization: OrganizationDto;
  role: MembershipRole;
}

/** POST /api/auth/register accepts this extra field: the account joins the inviting organization (no new organization, no bonus). */
export interface RegisterRequest {
  email: string;
  password: string;
  username?: string;
  invitationToken?: string;
}

export const TEAM_MESSAGES = {
  managersOnly: 'Only owners and admins can manage the team',
  ownersOnly: 'Only an owner can make or remove an owner',
  lastOwner: 'An organization must keep at least one owner',
  notSelf: 'You cannot remove yourself from the organization',
  memberNotFound: 'Member not found',
  invalidRole: 'role must be one of owner, admin, member',
  alreadyMember: 'This person is already a member of your organization',
  alreadyInvited: 'An invitation for this email is already pending',
  tooManyInvitations: `At most ${INVITATIONS_MAX_PENDING} invitations can be pending`,
  tooManyMailsToAddress: (wait: string) => `This address has received enough invitation mails for now. Please try again in ${wait}.`,
  tooManyMailsFromOrganization: (wait: string) => `Your organization has sent too many invitation mails for now. Please try again in ${wait}.`,
  invitationNotFound: 'Invitation not found',
  invitationInvalid: 'This invitation is no longer valid. Ask for a new one.',
  invitationExpired: 'This invitation has expired. Ask for a new one.',
  invitationUsed: 'This invitation has already been used.',
  invitationRevoked: 'This invitation has been revoked.',
  invitationEmailMismatch: (email: string) => `This invitation was sent to ${email}. Sign in with that address to accept it.`,
  ownerMustHandOver:
    'You own an organization with other members. Make another member an owner before you join another organization.',
  oneOrganization: 'A user belongs to one organization at a time: accepting moves you into this organization.',
} as const;
