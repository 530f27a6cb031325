import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { WebhookDelivery } from './entities/webhook-delivery.entity';

export interface NewWebhookDelivery {
  endpoint_id: string;
  organization_id: string;
  event_id: string;
  type: string;
  body: string;
  attempt: number;
  manual: boolean;
  scheduled_at: Date;
}

export interface DeliveryOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** The only place webhook_deliveries is read and written: one row per attempt. */
@Injectable()
export class WebhookDeliveriesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts pending attempts; an automatic attempt that exists already (a replayed event) is skipped. Returns the rows inserted. */
  async insertPending(deliveries: NewWebhookDelivery[], manager: EntityManager = this.dataSource.manager): Promise<WebhookDelivery[]> {
    if (deliveries.length === 0) return [];
    return manager.query(
      `INSERT INTO webhook_deliveries (endpoint_id, organization_id, event_id, type, body, attempt, manual, scheduled_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::varchar[], $5::text[], $6::int[], $7::boolean[], $8::timestamptz[])
       ON CONFLICT (endpoint_id, event_id, attempt) WHERE NOT manual DO NOTHING
       RETURNING *`,
      [
        deliveries.map((d) => d.endpoint_id),
        deliveries.map((d) => d.organization_id),
        deliveries.map((d) => d.event_id),
        deliveries.map((d) => d.type),
        deliveries.map((d) => d.body),
        deliveries.map((d) => d.attempt),
        deliveries.map((d) => d.manual),
        deliveries.map((d) => d.scheduled_at.toISOString()),
      ],
    );
  }

  /** Takes a pending attempt for sending; null when it is not pending (sent already, or taken by another worker). */
  async claim(id: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookDelivery | null> {
    const [rows]: [WebhookDelivery[], number] = await manager.query(
      `UPDATE webhook_deliveries SET status = 'sending', attempted_at = now() WHERE id = $1 AND status = 'pending' RETURNING *`,
      [id],
    );
    return rows[0] ?? null;
  }

  async markSucceeded(id: string, outcome: DeliveryOutcome, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE webhook_deliveries SET status = 'succeeded', status_code = $2, duration_ms = $3, error = NULL, delivered_at = now() WHERE id = $1`,
      [id, outcome.statusCode, outcome.durationMs],
    );
  }

  async markFailed(id: string, outcome: DeliveryOutcome, nextAttemptAt: Date | null, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `UPDATE webhook_deliveries SET status = 'failed', status_code = $2, duration_ms = $3, error = $4, next_attempt_at = $5 WHERE id = $1`,
      [id, outcome.statusCode, outcome.durationMs, outcome.error, nextAttemptAt?.toISOString() ?? null],
    );
  }

  async markSkipped(id: string, reason: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`UPDATE webhook_deliveries SET status = 'skipped', error = $2 WHERE id = $1`, [id, reason]);
  }

  /** The endpoint's attempts, newest first. */
  findForEndpoint(organizationId: string, endpointId: string, limit: number, manager: EntityManager = this.dataSource.manager): Promise<WebhookDelivery[]> {
    return manager.query(
      `SELECT * FROM webhook_deliveries WHERE endpoint_id = $1 AND organization_id = $2 ORDER BY created_at DESC, attempt DESC LIMIT $3`,
      [endpointId, organizationId, limit],
    );
  }

  async findInOrganization(organizationId: string, endpointId: string, id: string, manager: EntityManager = this.dataSource.manager): Promise<WebhookDelivery | null> {
    const [row]: WebhookDelivery[] = await manager.query(`SELECT * FROM webhook_deliveries WHERE id = $1 AND endpoint_id = $2 AND organization_id = $3`, [id, endpointId, organizationId]);
    return row ?? null;
  }

  /** The number the next attempt of this event to this endpoint takes. */
  async nextAttemptNumber(endpointId: string, eventId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [{ next }]: Array<{ next: number }> = await manager.query(
      `SELECT COALESCE(max(attempt), 0)::int + 1 AS next FROM webhook_deliveries WHERE endpoint_id = $1 AND event_id = $2`,
      [endpointId, eventId],
    );
    return next;
  }

  /**
   * Attempts the queue may have lost: pending ones due before `dueBefore`, and ones taken for sending
   * before `stuckBefore` (their worker died mid-send), which are made pending again. Returns their ids.
   */
  async findLost(dueBefore: Date, stuckBefore: Date, limit: number, manager: EntityManager = this.dataSource.manager): Promise<string[]> {
    const rows: Array<{ id: string }> = await manager.query(
      `WITH stuck AS (
         UPDATE webhook_deliveries SET status = 'pending'
          WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'sending' AND attempted_at < $2 ORDER BY scheduled_at LIMIT $3)
          RETURNING id
       )
       SELECT id FROM stuck
       UNION
       SELECT id FROM (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND scheduled_at < $1 ORDER BY scheduled_at LIMIT $3) due`,
      [dueBefore.toISOString(), stuckBefore.toISOString(), limit],
    );
    return rows.map((r) => r.id);
  }
}
