import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export type RetiredGraphKind = 'version_retired' | 'feature_retired';

export interface MetaGraphWarningRow {
  graph_version: string;
  code: number;
  call: string;
  kind: RetiredGraphKind;
  meta_message: string;
  occurrences: number;
  first_seen_at: Date;
  last_seen_at: Date;
}

/** meta_graph_warnings: each refused call of a Graph version, counted (shared by the API and worker processes). */
@Injectable()
export class MetaGraphWarningsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts one more occurrence of the call's refusal on that version (a new row the first time). */
  async countOccurrence(warning: { graphVersion: string; code: number; call: string; kind: RetiredGraphKind; metaMessage: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO meta_graph_warnings (graph_version, code, call, kind, meta_message) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (graph_version, code, call) DO UPDATE
         SET occurrences = meta_graph_warnings.occurrences + 1, last_seen_at = now(), kind = EXCLUDED.kind, meta_message = EXCLUDED.meta_message`,
      [warning.graphVersion, warning.code, warning.call, warning.kind, warning.metaMessage],
    );
  }

  /** The version's warnings, most recently seen first. */
  findForVersion(graphVersion: string, limit: number): Promise<MetaGraphWarningRow[]> {
    return this.dataSource.query(`SELECT * FROM meta_graph_warnings WHERE graph_version = $1 ORDER BY last_seen_at DESC, call LIMIT $2`, [graphVersion, limit]);
  }
}
