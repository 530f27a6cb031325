import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** The Operations list's source for Meta pushes (the admin jobs list composes it with the other kinds'). */
export const metaPushJobsSql = {
  select: `SELECT 'meta_push' AS kind, p.id::text AS job_id, p.status AS state, 'Meta push: ' || p.creative_name AS label, p.error, NULL::int AS attempts,
                  p.organization_id, p.created_at, p.completed_at AS updated_at, NULL::text AS retried_as, NULL::text AS retry_of
             FROM meta_pushes p`,
  state: 'p.status',
  id: { column: 'p.id', type: 'uuid' as const },
};

@Injectable()
export class MetaPushesRepository {
  constructor(private readonly dataSource: DataSource) {}
}
