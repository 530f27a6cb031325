import { BRAND_EXTRACT_JOB } from './brand-profiles/extraction/brand-extraction.service';
import { GENERATION_JOBS } from './generation/generation-jobs.names';
import { MAINTENANCE_JOBS } from './maintenance/maintenance-jobs.names';
import { META_JOBS } from './meta/meta-jobs.names';
import { TEAM_JOBS } from './team/team-jobs.names';
import { USER_JOBS } from './users/users-jobs.names';
import { FORMAT_JOBS } from './formats/format-jobs.names';

/**
 * Every queue job the application runs, composed from the names each domain declares. Boot fails
 * unless each has exactly one @OnJob handler, and no handler names a job that is not listed here.
 */
export const JOB_NAMES: readonly string[] = [...Object.values(MAINTENANCE_JOBS), ...Object.values(GENERATION_JOBS), BRAND_EXTRACT_JOB, ...Object.values(META_JOBS), ...Object.values(TEAM_JOBS), ...Object.values(USER_JOBS), ...Object.values(FORMAT_JOBS)];
