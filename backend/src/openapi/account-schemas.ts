import {
  type AcceptInvitationResponse,
  type AccountDto,
  type ForgotPasswordResponse,
  type InvitationAcceptEffect,
  type InvitationDto,
  type InvitationPreviewDto,
  LANGUAGES,
  MEMBERSHIP_ROLES,
  type OrganizationDto,
  type OrganizationResponse,
  PLAN_TIERS,
  type PreferencesDto,
  type TeamMemberDto,
  type UserDto,
} from '@brandloom/contracts';
import type { SchemaObject } from '@nestjs/swagger';
import { boolean, componentRef, integer, listOf, nullableText, objectOf, text } from './v1-schemas';

const id = text({ format: 'uuid' });
const time = text({ format: 'date-time' });
const role = text({ enum: [...MEMBERSHIP_ROLES] });
const invitationStatus = text({ enum: ['pending', 'expired', 'accepted', 'revoked'] });

const userFields = { id, username: text(), email: text(), avatar_url: nullableText(), is_admin: boolean(), created_at: time };

const preferences = objectOf<PreferencesDto>({ dark_mode: boolean(), email_notifications: boolean(), browser_notifications: boolean(), language: text({ enum: [...LANGUAGES] }) });

/** Accounts, sign-in, the organization, its team and invitations. */
export const ACCOUNT_SCHEMAS = {
  User: objectOf<UserDto>(userFields),
  Account: objectOf<AccountDto>({
    ...userFields,
    bio: nullableText(),
    has_password: boolean({ description: 'false for a Google-only account' }),
    google_linked: boolean(),
    organization_id: nullableText({ format: 'uuid' }),
    role: text({ enum: [...MEMBERSHIP_ROLES, null], nullable: true }),
    preferences: componentRef('Preferences'),
  }),
  Preferences: preferences,
  Message: objectOf<ForgotPasswordResponse>({ message: text() }),
  Organization: objectOf<OrganizationDto>({
    id,
    name: text(),
    plan_tier: text({ enum: [...PLAN_TIERS] }),
    credits: integer(),
    stripe_subscription_id: nullableText(),
    website: nullableText(),
    description: nullableText(),
    logo_url: nullableText({ description: 'Public URL of the logo (WebP)' }),
    created_at: time,
  }),
  TeamMember: objectOf<TeamMemberDto>({ ...userFields, role }),
  OrganizationWithMembers: objectOf<OrganizationResponse>({ organization: componentRef('Organization'), members: listOf(componentRef('TeamMember')) }),
  Invitation: objectOf<InvitationDto>({
    id,
    email: text(),
    role,
    status: invitationStatus,
    invited_by: nullableText(),
    created_at: time,
    expires_at: { ...time, description: 'When the mailed link stops working (resend renews it)' },
  }),
  InvitationPreview: objectOf<InvitationPreviewDto>({
    organization_name: text(),
    email: text(),
    role,
    status: invitationStatus,
    valid: boolean({ description: "status is 'pending'" }),
    invited_by: nullableText(),
    expires_at: time,
    current: {
      ...objectOf<InvitationAcceptEffect>({
        email_matches: boolean(),
        already_member: boolean(),
        organization_name: nullableText(),
        organization_deleted: boolean({ description: 'The user is its only member: accepting deletes it' }),
        blocked_reason: nullableText(),
      }),
      nullable: true,
      description: 'What accepting does to a signed-in caller’s present organization; null when signed out',
    },
  }),
  AcceptedInvitation: objectOf<AcceptInvitationResponse>({ organization: componentRef('Organization'), role }),
} satisfies Record<string, SchemaObject>;
