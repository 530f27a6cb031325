import { type AdminJobKind, UUID_PATTERN } from '@brandloom/contracts';
import { AD_NETWORK_JOB_SOURCES } from '../ad-network/ad-network.registry';
import { brandExtractionJobsSql } from '../brand-profiles/brand-extractions.repository';
import { formatJobsSql } from '../formats/format-jobs.repository';
import { generationJobsSql, type JobListSource } from '../generation/generations.repository';
import { outboxJobsSql } from '../infra/outbox/outbox.repository';

/**
 * Where Operations reads one kind of background work: the kind's table's source (its repository's),
 * and which ids can be of this kind.
 */
export interface AdminJobSource {
  sql: JobListSource;
  idPattern: RegExp;
}

const EVENT_ID = /^[0-9]{1,18}$/;

/**
 * One source per kind the contract lists (a kind without one does not compile). A new kind of job
 * is a line in ADMIN_JOB_KINDS, a source exported by its table's repository and an entry here.
 */
export const ADMIN_JOB_SOURCES: { readonly [K in AdminJobKind]: AdminJobSource } = {
  generation: { sql: generationJobsSql, idPattern: UUID_PATTERN },
  brand_extraction: { sql: brandExtractionJobsSql, idPattern: UUID_PATTERN },
  format: { sql: formatJobsSql, idPattern: UUID_PATTERN },
  meta_push: { sql: AD_NETWORK_JOB_SOURCES.meta_push, idPattern: UUID_PATTERN },
  event: { sql: outboxJobsSql, idPattern: EVENT_ID },
};

export const isAdminJobKind = (value: unknown): value is AdminJobKind => typeof value === 'string' && Object.hasOwn(ADMIN_JOB_SOURCES, value);
