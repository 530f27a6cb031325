import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Purchase } from './entities/purchase.entity';

/** A purchase with its product's name (null once the product left the catalogue). */
export type PurchaseWithProductName = Pick<Purchase, 'id' | 'product_id' | 'credits' | 'amount_total' | 'currency' | 'status' | 'created_at'> & {
  name: string | null;
};

export interface CheckoutPurchase {
  /** The Checkout Session id. */
  id: string;
  organizationId: string;
  productId: string;
  credits: number;
  amountTotal: number | null;
  currency: string | null;
  status: Purchase['status'];
}

@Injectable()
export class PurchasesRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Records a credit pack's Checkout Session; a pending one takes its final status (and amount) once, a final one never changes. */
  async recordCheckout(purchase: CheckoutPurchase, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(
      `INSERT INTO purchases (id, organization_id, product_id, credits, amount_total, currency, status) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, amount_total = COALESCE(EXCLUDED.amount_total, purchases.amount_total), updated_at = now()
       WHERE purchases.status = 'pending' AND EXCLUDED.status <> 'pending'`,
      [purchase.id, purchase.organizationId, purchase.productId, purchase.credits, purchase.amountTotal, purchase.currency, purchase.status],
    );
  }

  /** The organization's newest `limit` purchases, newest first. */
  findLatestForOrganization(organizationId: string, limit: number): Promise<PurchaseWithProductName[]> {
    return this.dataSource.query(
      `SELECT pu.id, pu.product_id, p.name, pu.credits, pu.amount_total, pu.currency, pu.status, pu.created_at
         FROM purchases pu LEFT JOIN products p ON p.id = pu.product_id
        WHERE pu.organization_id = $1
        ORDER BY pu.created_at DESC LIMIT $2`,
      [organizationId, limit],
    );
  }
}
