import type { MetaAdAccountDto, MetaPageDto } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MetaConnection } from './entities/meta-connection.entity';

export interface NewMetaConnection {
  organizationId: string;
  connectedBy: string;
  metaUserId: string;
  metaUserName: string | null;
  tokenCiphertext: string;
  tokenExpiresAt: Date | null;
}

/** meta_connections: one row per organization, its encrypted token and cached accounts and pages. */
@Injectable()
export class MetaConnectionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  findForOrganization(organizationId: string): Promise<MetaConnection | null> {
    return this.dataSource.getRepository(MetaConnection).findOneBy({ organization_id: organizationId });
  }

  /** A new connection (or the organization's reconnection): active, with nothing cached until the next sync. */
  async upsertConnected(connection: NewMetaConnection): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO meta_connections (organization_id, connected_by, meta_user_id, meta_user_name, token_ciphertext, token_expires_at, status, ad_accounts, pages, last_sync, connected_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'active', '[]', '[]', NULL, now(), now())
       ON CONFLICT (organization_id) DO UPDATE SET connected_by = $2, meta_user_id = $3, meta_user_name = $4, token_ciphertext = $5,
         token_expires_at = $6, status = 'active', ad_accounts = '[]', pages = '[]', last_sync = NULL, connected_at = now(), updated_at = now()`,
      [connection.organizationId, connection.connectedBy, connection.metaUserId, connection.metaUserName, connection.tokenCiphertext, connection.tokenExpiresAt],
    );
  }

  async saveSync(organizationId: string, adAccounts: MetaAdAccountDto[], pages: MetaPageDto[]): Promise<void> {
    await this.dataSource.query(`UPDATE meta_connections SET ad_accounts = $2, pages = $3, last_sync = now(), updated_at = now() WHERE organization_id = $1`, [
      organizationId,
      JSON.stringify(adAccounts),
      JSON.stringify(pages),
    ]);
  }

  async markExpired(organizationId: string): Promise<void> {
    await this.dataSource.query(`UPDATE meta_connections SET status = 'expired', updated_at = now() WHERE organization_id = $1`, [organizationId]);
  }

  async deleteForOrganization(organizationId: string): Promise<void> {
    await this.dataSource.query(`DELETE FROM meta_connections WHERE organization_id = $1`, [organizationId]);
  }

  /** Every organization's connection made by this Meta user (Meta's data-deletion request). */
  async deleteForMetaUser(metaUserId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`DELETE FROM meta_connections WHERE meta_user_id = $1`, [metaUserId]);
  }
}
