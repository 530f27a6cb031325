import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { MetaDataDeletion } from './entities/meta-data-deletion.entity';

/** meta_data_deletions: the deletion requests Meta sent, keyed by the confirmation code its status page shows. */
@Injectable()
export class MetaDataDeletionsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertCompleted(confirmationCode: string, metaUserId: string, manager: EntityManager = this.dataSource.manager): Promise<void> {
    await manager.query(`INSERT INTO meta_data_deletions (confirmation_code, meta_user_id, status, requested_at, completed_at) VALUES ($1, $2, 'completed', now(), now())`, [
      confirmationCode,
      metaUserId,
    ]);
  }

  findByCode(confirmationCode: string): Promise<MetaDataDeletion | null> {
    return this.dataSource.getRepository(MetaDataDeletion).findOneBy({ confirmation_code: confirmationCode });
  }
}
