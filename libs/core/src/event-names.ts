import { ASSET_EVENTS } from './assets/assets.events';
import { AUTH_EVENTS } from './auth/auth.events';
import { BILLING_EVENTS } from './billing/billing.events';
import { CREDITS_EVENTS } from './credits/credits.events';
import { GENERATION_EVENTS } from './generation/generation.events';
import { ORGANIZATION_EVENTS } from './organizations/organizations.events';

/**
 * The outbox events the audit log records, composed from the names each domain declares (as
 * job-names.ts composes the jobs). infra/outbox knows no event name.
 */
export const DOMAIN_EVENTS = {
  ...AUTH_EVENTS,
  ...ORGANIZATION_EVENTS,
  ...CREDITS_EVENTS,
  ...BILLING_EVENTS,
  ...GENERATION_EVENTS,
  ...ASSET_EVENTS,
} as const;
