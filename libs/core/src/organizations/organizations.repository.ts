import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

// ---------------------------------------------------------------------------------------------
// The money domains' statements on organizations: the credit balance (written only through
// CreditsService, always with a ledger row) and the Stripe customer and plan (billing).
// ---------------------------------------------------------------------------------------------

/** A condition that holds while the organization has at least `amount` credits (for a debit's CTEs). */
export const organizationHasCreditsSql = (organizationId: string, amount: string): string =>
  `SELECT 1 FROM organizations WHERE id = ${organizationId} AND credits >= ${amount}`;

/**
 * Takes `amount` credits unless fewer are left (then no row), returning the new balance `credits`.
 * `andWhere` adds a condition (`AND ...`) to the update's WHERE clause.
 */
export const takeOrganizationCreditsSql = (organizationId: string, amount: string, andWhere = ''): string =>
  `UPDATE organizations SET credits = credits - ${amount}, updated_at = now()
       WHERE id = ${organizationId} AND credits >= ${amount}${andWhere ? ` ${andWhere}` : ''}
      RETURNING credits`;

@Injectable()
export class OrganizationsRepository {
  constructor(private readonly dataSource: DataSource) {}

  // --- Credits and billing (credits/, billing/) ------------------------------------------------

  /** The credit balance; 0 for an unknown organization. */
  async creditsOf(organizationId: string, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const rows: Array<{ credits: number }> = await manager.query(`SELECT credits FROM organizations WHERE id = $1`, [organizationId]);
    return rows[0]?.credits ?? 0;
  }

  /** The credit balance, with the organization's row locked until the transaction of `manager` ends; 0 for an unknown organization. */
  async lockCredits(organizationId: string, manager: EntityManager): Promise<number> {
    const [row]: Array<{ credits: number }> = await manager.query(`SELECT credits FROM organizations WHERE id = $1 FOR UPDATE`, [organizationId]);
    return row?.credits ?? 0;
  }

  /** Adds `amount` credits (negative takes them, unchecked) and returns the new balance. */
  async addCredits(organizationId: string, amount: number, manager: EntityManager = this.dataSource.manager): Promise<number> {
    const [rows]: [Array<{ credits: number }>, number] = await manager.query(
      `UPDATE organizations SET credits = credits + $2, updated_at = now() WHERE id = $1 RETURNING credits`,
      [organizationId, amount],
    );
    return rows[0].credits;
  }

  // --- end of credits and billing ----------------------------------------------------------------
}
