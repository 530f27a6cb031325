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
  created_at: string;
}

export type TeamMemberDto = UserDto & { role: MembershipRole };

export interface OrganizationResponse {
  organization: OrganizationDto;
  members: TeamMemberDto[];
}
