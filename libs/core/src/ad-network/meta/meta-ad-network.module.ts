import { Module } from '@nestjs/common';
import { AdsModule } from '../../ads/ads.module';
import { AssetsModule } from '../../assets/assets.module';
import { OrganizationsModule } from '../../organizations/organizations.module';
import { StorageModule } from '../../storage/storage.module';
import { MetaPushRunner } from './jobs/meta-push.runner';
import { MetaJobs } from './jobs/meta.jobs';
import { MetaAdNetwork } from './meta-ad-network';
import { MetaConnectionService } from './meta-connection.service';
import { MetaConnectionsRepository } from './meta-connections.repository';
import { MetaDataDeletionService } from './meta-data-deletion.service';
import { MetaDataDeletionsRepository } from './meta-data-deletions.repository';
import { MetaGraphClient } from './meta-graph.client';
import { MetaGraphWarnings } from './meta-graph-warnings';
import { MetaGraphWarningsRepository } from './meta-graph-warnings.repository';
import { MetaPushService } from './meta-push.service';
import { MetaPushesRepository } from './meta-pushes.repository';
import { MetaResultsSync } from './meta-results.sync';
import { AdResultsModule } from '../ad-results.module';

/** Meta ads: the connection (encrypted token, cached accounts and pages), pushes as paused ads, insights, data deletion. */
@Module({
  imports: [OrganizationsModule, AssetsModule, AdsModule, StorageModule, AdResultsModule],
  providers: [
    MetaConnectionsRepository,
    MetaPushesRepository,
    MetaDataDeletionsRepository,
    MetaGraphWarningsRepository,
    MetaGraphClient,
    MetaGraphWarnings,
    MetaConnectionService,
    MetaPushService,
    MetaPushRunner,
    MetaJobs,
    MetaDataDeletionService,
    MetaAdNetwork,
    MetaResultsSync,
  ],
  exports: [MetaAdNetwork, MetaResultsSync, MetaPushService, MetaDataDeletionService, MetaConnectionsRepository, MetaPushesRepository, MetaDataDeletionsRepository, MetaGraphWarningsRepository],
})
export class MetaAdNetworkModule {}
