import type { UserDto } from './auth';

export const PLAN_TIERS = ['Starter', 'Pro', 'Agency', 'Team+'] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const DEFAULT_PLAN_TIER: PlanTier = 'Starter';

export const MEMBERSHIP_ROLES = ['owner', 'admin', 'member'] as const;
export type MembershipRole = (typeof MEMBERSHIP_ROLES)[number];

export interface OrganizationDto {
  id: string;
  name: string;
  plan_tier: PlanTier;
  credits: number;
  stripe_subscription_id: string | null;
  website: string | null;
  description: string | null;
  /** Public URL of the organization's logo (WebP), or null. */
  logo_url: string | null;
  created_at: string;
}

export type TeamMemberDto = UserDto & { role: MembershipRole };

export interface OrganizationResponse {
  organization: OrganizationDto;
  members: TeamMemberDto[];
}

export const ORGANIZATION_NAME_MIN_LENGTH = 2;
export const ORGANIZATION_NAME_MAX_LENGTH = 200;
export const ORGANIZATION_WEBSITE_MAX_LENGTH = 500;
export const ORGANIZATION_DESCRIPTION_MAX_LENGTH = 1000;

/** PATCH /api/organization (owners and admins): any subset; an empty website or description clears it. Answers OrganizationDto. */
export interface UpdateOrganizationRequest {
  name?: string;
  website?: string;
  description?: string;
}

export const ORGANIZATION_MESSAGES = {
  nameLength: `Organization name must be between ${ORGANIZATION_NAME_MIN_LENGTH} and ${ORGANIZATION_NAME_MAX_LENGTH} characters`,
  invalidWebsite: 'Website must be an http:// or https:// address',
  websiteTooLong: `Website must be at most ${ORGANIZATION_WEBSITE_MAX_LENGTH} characters`,
  descriptionTooLong: `Description must be at most ${ORGANIZATION_DESCRIPTION_MAX_LENGTH} characters`,
  nothingToUpdate: 'Nothing to update: send name, website and/or description',
  managersOnly: 'Only owners and admins can edit the organization',
  logoRequired: "Attach an image in the 'logo' field",
} as const;
