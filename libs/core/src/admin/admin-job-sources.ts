import { type AdminJobKind, UUID_PATTERN } from '@brandloom/contracts';

/**
 * Where Operations reads one kind of background work. `select` names the list's columns (kind,
 * job_id, state, label, error, attempts, organization_id, created_at, updated_at, retried_as,
 * retry_of) from the kind's table under `alias`; the list adds the WHERE.
 */
export interface AdminJobSource {
  select: string;
  /** The row's state as SQL (a status column, or derived from timestamps). */
  state: string;
  /** The job id column and its SQL type; `idPattern` tells which ids can be of this kind. */
  id: { column: string; type: 'uuid' | 'bigint'; idPattern: RegExp };
}

const EVENT_ID = /^[0-9]{1,18}$/;
const EVENT_STATE = `CASE WHEN o.parked_at IS NOT NULL THEN 'parked' WHEN o.published_at IS NOT NULL THEN 'published' ELSE 'pending' END`;

/**
 * One source per kind the contract lists (a kind without one does not compile). A new kind of job
 * is a line in ADMIN_JOB_KINDS and an entry here.
 */
export const ADMIN_JOB_SOURCES: { readonly [K in AdminJobKind]: AdminJobSource } = {
  generation: {
    // An administrator's retry links both ways: the failed one names its retry, the retry the failed one (unique index on retried_as).
    select: `SELECT 'generation' AS kind, g.id::text AS job_id, g.status AS state, left(g.prompt, 80) AS label, g.error, NULL::int AS attempts,
                    g.organization_id, g.created_at, g.updated_at, g.retried_as::text AS retried_as,
                    (SELECT r.id::text FROM generations r WHERE r.retried_as = g.id) AS retry_of
               FROM generations g`,
    state: 'g.status',
    id: { column: 'g.id', type: 'uuid', idPattern: UUID_PATTERN },
  },
  brand_extraction: {
    select: `SELECT 'brand_extraction' AS kind, e.id::text AS job_id, e.status AS state, 'Brand extraction' AS label, e.error, e.attempts, e.organization_id, e.created_at, e.updated_at,
                    NULL::text AS retried_as, NULL::text AS retry_of
               FROM brand_extractions e`,
    state: 'e.status',
    id: { column: 'e.id', type: 'uuid', idPattern: UUID_PATTERN },
  },
  format: {
    select: `SELECT 'format' AS kind, f.id::text AS job_id, f.status AS state, 'Format ' || f.format || ' (' || replace(f.method, '_', ' ') || ')' AS label, f.error, f.attempts,
                    f.organization_id, f.created_at, f.updated_at, NULL::text AS retried_as, NULL::text AS retry_of
               FROM format_jobs f`,
    state: 'f.status',
    id: { column: 'f.id', type: 'uuid', idPattern: UUID_PATTERN },
  },
  meta_push: {
    select: `SELECT 'meta_push' AS kind, p.id::text AS job_id, p.status AS state, 'Meta push: ' || p.creative_name AS label, p.error, NULL::int AS attempts,
                    p.organization_id, p.created_at, p.completed_at AS updated_at, NULL::text AS retried_as, NULL::text AS retry_of
               FROM meta_pushes p`,
    state: 'p.status',
    id: { column: 'p.id', type: 'uuid', idPattern: UUID_PATTERN },
  },
  event: {
    select: `SELECT 'event' AS kind, o.id::text AS job_id, ${EVENT_STATE} AS state, o.type AS label, o.last_error AS error, o.attempts, o.organization_id, o.created_at,
                    coalesce(o.parked_at, o.published_at) AS updated_at, NULL::text AS retried_as, NULL::text AS retry_of
               FROM outbox o`,
    state: EVENT_STATE,
    id: { column: 'o.id', type: 'bigint', idPattern: EVENT_ID },
  },
};

export const isAdminJobKind = (value: unknown): value is AdminJobKind => typeof value === 'string' && Object.hasOwn(ADMIN_JOB_SOURCES, value);
