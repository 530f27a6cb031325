import { logoUrlFor, type OrganizationDto } from '@brandloom/contracts';
import type { Organization } from './entities/organization.entity';

export const toOrganizationDto = (o: Organization): OrganizationDto => ({
  id: o.id,
  name: o.name,
  plan_tier: o.plan_tier,
  credits: o.credits,
  stripe_subscription_id: o.stripe_subscription_id,
  website: o.website ?? null,
  description: o.description ?? null,
  logo_url: o.logo_key ? logoUrlFor(o.logo_key) : null,
  created_at: new Date(o.created_at).toISOString(),
});
