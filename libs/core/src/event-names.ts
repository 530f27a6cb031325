import { API_KEY_EVENTS } from './api-keys/api-keys.events';
import { ASSET_EVENTS } from './assets/assets.events';
import { AUTH_EVENTS } from './auth/auth.events';
import { BILLING_EVENTS } from './billing/billing.events';
import { CREDITS_EVENTS } from './credits/credits.events';
import { GENERATION_EVENTS } from './generation/generation.events';
import { BULK_BATCH_REQUESTED_EVENT } from './generation/bulk/bulk.events';
import { FORMAT_EVENTS } from './formats/formats.events';
import { AD_EVENTS } from './ads/ads.events';
import type { EventName } from './infra/outbox/domain-event';
import { AD_NETWORK_EVENTS } from './ad-network/ad-network.events';
import { ORGANIZATION_EVENTS } from './organizations/organizations.events';
import { TEAM_EVENTS } from './team/team-jobs.names';
import { USER_EVENTS } from './users/users-jobs.names';
import { WEBHOOK_EVENTS } from './webhooks/webhooks.events';

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
  ...API_KEY_EVENTS,
  ...WEBHOOK_EVENTS,
} as const;

/**
 * Every outbox event the application writes, each declared with its payload by its domain
 * (EventPayloads). Boot fails when an @OnDomainEvent consumer names an event not listed here.
 */
export const EVENT_NAMES = [
  ...Object.values(DOMAIN_EVENTS),
  ...Object.values(TEAM_EVENTS),
  ...Object.values(USER_EVENTS),
  ...Object.values(FORMAT_EVENTS),
  ...Object.values(AD_EVENTS),
  ...Object.values(AD_NETWORK_EVENTS),
  BULK_BATCH_REQUESTED_EVENT,
] as const satisfies readonly EventName[];

/** An event given a payload type but left out of EVENT_NAMES could not be consumed: it does not compile. */
const everyEventIsListed: Record<Exclude<EventName, (typeof EVENT_NAMES)[number]>, never> = {};
void everyEventIsListed;
