import type { WebhookEventType } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookEndpoint } from './entities/webhook-endpoint.entity';

export type NewWebhookEndpoint = Pick<WebhookEndpoint, 'id' | 'organization_id' | 'url' | 'events' | 'secret_sealed' | 'created_by'>;

export interface WebhookEndpointChanges {
  url?: string;
  events?: WebhookEventType[];
  enabled?: boolean;
}

/** The only place webhook_endpoints is read and written; every read of a caller is scoped to its organization. */
@Injectable()
export class WebhookEndpointsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(endpoint: NewWebhookEndpoint, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint> {
    const [row]: WebhookEndpoint[] = await manager.query(
      `INSERT INTO webhook_endpoints (id, organization_id, url, events, secret_sealed, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
      [endpoint.id, endpoint.organization_id, endpoint.url, endpoint.events, endpoint.secret_sealed, endpoint.created_by],
    );
    return row;
  }

  findForOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint[]> {
    return manager.query(`SELECT * FROM webhook_endpoints WHERE organization_id = $1 ORDER BY created_at, id`, [organizationId]);
  }

  async countForOrganization(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ count }]: Array<{ count: number }> = await manager.query(`SELECT count(*)::int AS count FROM webhook_endpoints WHERE organization_id = $1`, [organizationId]);
    return count;
  }

  /** The organization's endpoint (another organization's id finds nothing); `lock` holds it for the transaction. */
  async findInOrganization(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager, lock = false): Promise<WebhookEndpoint | null> {
    const [row]: WebhookEndpoint[] = await manager.query(`SELECT * FROM webhook_endpoints WHERE id = $1 AND organization_id = $2${lock ? ' FOR UPDATE' : ''}`, [id, organizationId]);
    return row ?? null;
  }

  /** For the delivery job, which has only the endpoint id. */
  async findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint | null> {
    const [row]: WebhookEndpoint[] = await manager.query(`SELECT * FROM webhook_endpoints WHERE id = $1`, [id]);
    return row ?? null;
  }

  /** The organization's enabled endpoints that want events of `type`. */
  findSubscribed(organizationId: string, type: WebhookEventType, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint[]> {
    return manager.query(`SELECT * FROM webhook_endpoints WHERE organization_id = $1 AND enabled AND $2 = ANY(events) ORDER BY created_at, id`, [organizationId, type]);
  }

  /** Applies the changes; enabling clears why it was disabled and its failure count. Null when there is no such endpoint. */
  async update(organizationId: string, id: string, changes: WebhookEndpointChanges, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint | null> {
    const [rows]: [WebhookEndpoint[], number] = await manager.query(
      `UPDATE webhook_endpoints
          SET url = COALESCE($3, url),
              events = COALESCE($4::text[], events),
              enabled = COALESCE($5, enabled),
              disabled_reason = CASE WHEN $5 IS NULL THEN disabled_reason ELSE NULL END,
              disabled_at = CASE WHEN $5 IS NULL THEN disabled_at WHEN $5 THEN NULL ELSE now() END,
              consecutive_failures = CASE WHEN $5 AND NOT enabled THEN 0 ELSE consecutive_failures END,
              updated_at = now()
        WHERE id = $1 AND organization_id = $2
        RETURNING *`,
      [id, organizationId, changes.url ?? null, changes.events ?? null, changes.enabled ?? null],
    );
    return rows[0] ?? null;
  }

  async delete(organizationId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const [, affected]: [unknown, number] = await manager.query(`DELETE FROM webhook_endpoints WHERE id = $1 AND organization_id = $2`, [id, organizationId]);
    return affected > 0;
  }

  async recordSuccess(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE webhook_endpoints SET consecutive_failures = 0 WHERE id = $1 AND consecutive_failures <> 0`, [id]);
  }

  async recordFailure(id: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE webhook_endpoints SET consecutive_failures = consecutive_failures + 1 WHERE id = $1`, [id]);
  }

  /** Switches an enabled endpoint off for `reason`; the endpoint when it was enabled, else null (already off or gone). */
  async disable(id: string, reason: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookEndpoint | null> {
    const [rows]: [WebhookEndpoint[], number] = await manager.query(
      `UPDATE webhook_endpoints SET enabled = false, disabled_reason = $2, disabled_at = now(), updated_at = now()
        WHERE id = $1 AND enabled RETURNING *`,
      [id, reason],
    );
    return rows[0] ?? null;
  }
}
