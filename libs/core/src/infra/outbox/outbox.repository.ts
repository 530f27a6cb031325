import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * The insert of outbox events that a statement of another table writes with its rows (a CTE):
 * `rows` is a SELECT of (event_id, type, payload, organization_id), in the order they are recorded.
 */
export function insertOutboxEventsSql(rows: string): string {
  return `INSERT INTO outbox (event_id, type, payload, organization_id)
      ${rows}`;
}

/** The outbox table's SQL. */
@Injectable()
export class OutboxRepository {
  constructor(private readonly dataSource: DataSource) {}
}
