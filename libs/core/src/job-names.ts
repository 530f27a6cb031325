import { AD_NETWORK_JOB_NAMES } from './ad-network/ad-network.registry';
import { BRAND_EXTRACT_JOB } from './brand-profiles/extraction/brand-extraction.service';
import { GENERATION_JOBS } from './generation/generation-jobs.names';
import { MAINTENANCE_JOBS } from './maintenance/maintenance-jobs.names';
import { TEAM_JOBS } from './team/team-jobs.names';
import { USER_JOBS } from './users/users-jobs.names';
import { FORMAT_JOBS } from './formats/format-jobs.names';
import { AD_JOBS } from './ads/ads-jobs.names';
import { WEBHOOK_JOBS } from './webhooks/webhooks-jobs.names';
import type { JobName } from './infra/queue/queue.port';

/**
 * Every queue job the application runs, composed from the names each domain declares (with its
 * payload, in JobPayloads). Boot fails unless each has exactly one @OnJob handler, and no handler
 * names a job that is not listed here.
 */
export const JOB_NAMES = [
  ...Object.values(MAINTENANCE_JOBS),
  ...Object.values(GENERATION_JOBS),
  BRAND_EXTRACT_JOB,
  ...AD_NETWORK_JOB_NAMES,
  ...Object.values(TEAM_JOBS),
  ...Object.values(USER_JOBS),
  ...Object.values(FORMAT_JOBS),
  ...Object.values(AD_JOBS),
  ...Object.values(WEBHOOK_JOBS),
] as const satisfies readonly JobName[];

/** A job given a payload type but left out of JOB_NAMES would never be checked at boot: it does not compile. */
const everyJobIsListed: Record<Exclude<JobName, (typeof JOB_NAMES)[number]>, never> = {};
void everyJobIsListed;
