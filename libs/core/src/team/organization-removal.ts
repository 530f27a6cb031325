import { Inject, Injectable, Logger } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { AssetsRepository } from '../assets/assets.repository';
import { BillingService } from '../billing/billing.service';
import { BrandLogosRepository } from '../brand-profiles/brand-logos.repository';
import { BrandSourceImagesRepository } from '../brand-profiles/brand-source-images.repository';
import { GenerationsRepository } from '../generation/generations.repository';
import { OrganizationsRepository } from '../organizations/organizations.repository';
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
    private readonly organizations: OrganizationsRepository,
    private readonly assets: AssetsRepository,
    private readonly brandSourceImages: BrandSourceImagesRepository,
    private readonly brandLogos: BrandLogosRepository,
    private readonly generations: GenerationsRepository,
    private readonly billing: BillingService,
    @Inject(STORAGE_DRIVER) private readonly storage: StorageDriver,
  ) {}

  /** Before the transaction: cancels live subscriptions (Stripe failures stop the deletion with 502). */
  async prepare(organizationId: string): Promise<void> {
    await this.billing.cancelSubscriptions(organizationId);
  }

  /** In the caller's transaction: deletes the row and returns the storage keys to remove once it commits. */
  async deleteRow(manager: EntityManager, organizationId: string): Promise<string[]> {
    const logoKey = await this.organizations.logoKeyOf(organizationId, manager);
    const stored = [
      ...(await this.assets.storageKeysOfOrganization(organizationId, manager)),
      ...(await this.brandSourceImages.storageKeysOfOrganization(organizationId, manager)),
      ...(await this.brandLogos.storageKeysOfOrganization(organizationId, manager)),
      ...(await this.generations.referenceImageKeysOfOrganization(organizationId, manager)),
      ...(logoKey ? [logoKey] : []),
    ];
    await this.organizations.deleteById(organizationId, manager);
    const keys = new Set<string>();
    for (const key of stored) {
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
