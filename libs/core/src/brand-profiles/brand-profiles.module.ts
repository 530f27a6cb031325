import { Module } from '@nestjs/common';
import { ProgressModule } from '../infra/progress/progress.module';
import { OrganizationsModule } from '../organizations/organizations.module';
import { StorageModule } from '../storage/storage.module';
import { BrandExtractionsRepository } from './brand-extractions.repository';
import { BrandLogosRepository } from './brand-logos.repository';
import { BrandLogosService } from './brand-logos.service';
import { BrandProfilesRepository } from './brand-profiles.repository';
import { BrandProfilesService } from './brand-profiles.service';
import { BrandSourceImagesRepository } from './brand-source-images.repository';
import { BrandAssetCountConsumer } from './events/brand-asset-count.consumer';
import { BrandAnalyzer } from './extraction/brand-analyzer';
import { BrandExtractionRunner } from './jobs/brand-extraction.runner';
import { BrandExtractionService } from './extraction/brand-extraction.service';
import { BrandExtractionJobs } from './jobs/brand-extraction.jobs';

/**
 * Brand Brain: profiles (scoped to an organization, plan limits), extraction (API side, the
 * 'brand.extract' job, palette and style analysis) and the asset_count consumer. Needs the global
 * AppConfig, QueuePort and outbox.
 */
@Module({
  imports: [StorageModule, ProgressModule, OrganizationsModule],
  providers: [BrandProfilesRepository, BrandExtractionsRepository, BrandSourceImagesRepository, BrandLogosRepository, BrandProfilesService, BrandLogosService, BrandExtractionService, BrandExtractionRunner, BrandAnalyzer, BrandExtractionJobs, BrandAssetCountConsumer],
  exports: [BrandProfilesRepository, BrandExtractionsRepository, BrandSourceImagesRepository, BrandLogosRepository, BrandProfilesService, BrandLogosService, BrandExtractionService],
})
export class BrandProfilesModule {}
