import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StorageModule } from '../storage/storage.module';
import { MetaGraph } from './graph/meta-graph';
import { MetaGraphWarnings } from './graph/meta-graph-warnings';
import { MetaConnectionService } from './meta-connection.service';
import { MetaDataDeletionService } from './meta-data-deletion.service';
import { MetaPushRunner } from './jobs/meta-push.runner';
import { MetaPushService } from './meta-push.service';
import { MetaPushesRepository } from './meta-pushes.repository';
import { MetaJobs } from './jobs/meta.jobs';

/** Meta ads: the connection (OAuth, encrypted token, cached accounts and pages), pushes as paused ads, data deletion. */
@Module({
  imports: [OrganizationsModule, AssetsModule, StorageModule],
  providers: [MetaPushesRepository, MetaGraph, MetaGraphWarnings, MetaConnectionService, MetaPushService, MetaPushRunner, MetaJobs, MetaDataDeletionService],
  exports: [MetaPushesRepository, MetaConnectionService, MetaPushService, MetaDataDeletionService, MetaGraphWarnings],
})
export class MetaModule {}
