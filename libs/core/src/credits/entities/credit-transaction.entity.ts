import type { CreditTransactionStatus, CreditTransactionType } from '@brandloom/contracts';
import { Column, CreateDateColumn, Entity } from 'typeorm';
import { OrganizationRow } from '../../infra/database/organization-row';

/**
 * One row of the credit ledger: organizations.credits is the sum of the completed rows (a pending
 * purchase moves the balance only when it completes; a failed one never does).
 */
@Entity('credit_ledger')
export class CreditTransaction extends OrganizationRow {
  /** Signed: positive for grants and refunds, negative for usage. */
  @Column({ type: 'integer' })
  amount: number;

  @Column({ type: 'varchar', length: 20 })
  type: CreditTransactionType;

  @Column({ type: 'text' })
  description: string;

  @Column({ type: 'varchar', length: 200, nullable: true })
  brand_name: string | null;

  @Column({ type: 'varchar', length: 20, default: 'completed' })
  status: CreditTransactionStatus;

  @Column({ type: 'varchar', length: 255, nullable: true })
  idempotency_key: string | null;

  /** What caused the row: 'generation', 'stripe', 'admin_grant', 'signup', ... */
  @Column({ type: 'varchar', length: 50, nullable: true })
  reference_type: string | null;

  @Column({ type: 'varchar', length: 255, nullable: true })
  reference_id: string | null;

  /** A refund's debit: the refunds of one debit never add up to more than it took. */
  @Column({ type: 'uuid', nullable: true })
  refund_of: string | null;

  /** The API key that spent a debit made through the public API. */
  @Column({ type: 'uuid', nullable: true })
  api_key_id: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  created_at: Date;
}
