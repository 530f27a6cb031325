import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { BillingService } from '../billing/billing.service';
import { OrganizationsService } from '../organizations/organizations.service';
import { STORAGE_DRIVER, type StorageDriver } from '../storage/storage-driver';
import { thumbnailKey } from '../storage/storage-key';

/**
 * Deleting a whole organization (its last member deletes their account or moves to another one):
 * the Stripe subscription is cancelled first, so nobody is billed for a deleted account; then the
 * row goes in the caller's transaction (assets, brand profiles, ledger, ad-network connections... cascade);
 * the files go after the commit.
 */
@Injectable()
export class OrganizationRemoval {
  private readonly logger = new Logger(OrganizationRemoval.name);

  constructor(
    private readonly organizations: OrganizationsService,
    private readonly billing: BillingService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /** Before the transaction: cancels live subscriptions (Stripe failures stop the deletion with 502). */
  async prepare(organizationId: string): Promise<void> {
    await this.billing.cancelSubscriptions(organizationId);
  }

  /** In the caller's transaction: deletes the row and returns the storage keys to remove once it commits. */
  async deleteRow(manager: EntityManager, organizationId: string): Promise<string[]> {
    const rows: { key: string | null }[] = await manager.query(
      `SELECT s3_key AS key FROM assets WHERE organization_id = $1
       UNION ALL SELECT thumbnail_key FROM assets WHERE organization_id = $1
       UNION ALL SELECT s3_key FROM brand_source_images WHERE organization_id = $1
       UNION ALL SELECT thumbnail_key FROM brand_source_images WHERE organization_id = $1
       UNION ALL SELECT jsonb_array_elements_text(reference_image_keys) FROM generations WHERE organization_id = $1
       UNION ALL SELECT logo_key FROM organizations WHERE id = $1`,
      [organizationId],
    );
    await this.organizations.deleteRow(manager, organizationId);
    const keys = new Set<string>();
    for (const { key } of rows) {
      if (!key) continue;
      keys.add(key);
      try {
        keys.add(thumbnailKey(key));
      } catch {
        // Not an original a thumbnail is derived from.
      }
    }
    return [...keys];
  }

  /** After the commit: removes the files (a failure is logged; the rows are already gone). */
  async removeFiles(keys: string[]): Promise<void> {
    await Promise.all(
      keys.map((key) =>
        this.storage.delete(key).catch((error: Error) => this.logger.error(`organization deleted, but its file ${key} could not be removed: ${error.message}`)),
      ),
    );
  }
}
