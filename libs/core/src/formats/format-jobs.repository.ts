import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The Operations list's source for format jobs (the admin jobs list composes it with the other kinds'). */
export const formatJobsSql = {
  select: `SELECT 'format' AS kind, f.id::text AS job_id, f.status AS state, 'Format ' || f.format || ' (' || replace(f.method, '_', ' ') || ')' AS label, f.error, f.attempts,
                  f.organization_id, f.created_at, f.updated_at, NULL::text AS retried_as, NULL::text AS retry_of
             FROM format_jobs f`,
  state: 'f.status',
  id: { column: 'f.id', type: 'uuid' as const },
};

@Injectable()
export class FormatJobsRepository {
  constructor(private readonly dataSource: DataSource) {}
}
