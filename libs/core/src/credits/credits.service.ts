import type { CreditTransactionStatus, CreditTransactionType } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DOMAIN_EVENTS } from '../infra/outbox/domain-event';
import { OutboxService } from '../infra/outbox/outbox.service';
import { CreditTransaction } from './entities/credit-transaction.entity';

export interface GrantCredits {
  organizationId: string;
  amount: number;
  type: Extract<CreditTransactionType, 'purchase' | 'bonus'>;
  description: string;
  /** The same key twice for one organization applies once. */
  idempotencyKey?: string;
  brandName?: string | null;
  status?: CreditTransactionStatus;
  reference?: { type: string; id: string };
}

export interface CreditsResult {
  transaction: CreditTransaction;
  balance: number;
  /** False when the idempotency key had already been applied: `transaction` is the first one. */
  applied: boolean;
}

/**
 * The only way organizations.credits changes: each operation writes the ledger row, moves the
 * balance and records its outbox event in one transaction.
 */
@Injectable()
export class CreditsService {
  constructor(private readonly dataSource: DataSource, private readonly outbox: OutboxService) {}

  async balance(organizationId: string): Promise<number> {
    const rows: Array<{ credits: number }> = await this.dataSource.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    return rows[0]?.credits ?? 0;
  }

  /** Adds credits; pass `manager` to join the caller's transaction. */
  async grant(input: GrantCredits, manager?: EntityManager): Promise<CreditsResult> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new RangeError('A grant must be a positive whole number of credits');
    return this.inTransaction(manager, async (m) => {
      const transaction = await this.insertLedgerRow(m, { ...input, amount: input.amount });
      if (!transaction) return this.existing(m, input.organizationId, input.idempotencyKey!);
      const [rows] = await m.query(`UPDATE organizations SET credits = credits + $2, updated_at = now() WHERE id = $1 RETURNING credits`, [
        input.organizationId,
        input.amount,
      ]);
      const balance = rows[0].credits as number;
      await this.outbox.record(
        m,
        DOMAIN_EVENTS.creditsGranted,
        { transactionId: transaction.id, amount: input.amount, type: input.type, balance },
        input.organizationId,
      );
      return { transaction, balance, applied: true };
    });
  }

  /** Inserts the row unless its idempotency key was used already (then returns null). */
  private async insertLedgerRow(
    m: EntityManager,
    input: Omit<GrantCredits, 'type'> & { type: CreditTransactionType },
  ): Promise<CreditTransaction | null> {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(CreditTransaction)
      .values({
        organization_id: input.organizationId,
        amount: input.amount,
        type: input.type,
        description: input.description,
        brand_name: input.brandName ?? null,
        status: input.status ?? 'completed',
        idempotency_key: input.idempotencyKey ?? null,
        reference_type: input.reference?.type ?? null,
        reference_id: input.reference?.id ?? null,
      })
      .orIgnore()
      .returning('*')
      .execute();
    const row = result.raw[0];
    return row ? m.create(CreditTransaction, row as CreditTransaction) : null;
  }

  private async existing(m: EntityManager, organizationId: string, idempotencyKey: string): Promise<CreditsResult> {
    const transaction = await m.findOneByOrFail(CreditTransaction, { organization_id: organizationId, idempotency_key: idempotencyKey });
    const [{ credits }] = await m.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    return { transaction, balance: credits, applied: false };
  }

  private inTransaction<T>(manager: EntityManager | undefined, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return manager ? work(manager) : this.dataSource.transaction(work);
  }
}
