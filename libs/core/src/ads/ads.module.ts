import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { BulkGenerationModule } from '../generation/bulk/bulk.module';
import { StorageModule } from '../storage/storage.module';
import { AdComposer } from './ad-composer';
import { AdCopyService } from './ad-copy.service';
import { AdsRepository } from './ads.repository';
import { AdsService } from './ads.service';
import { GeneratedPictureAdsConsumer } from './generated-picture-ads.consumer';
import { AdJobs } from './jobs/ad.jobs';
import { AdRunner } from './jobs/ad.runner';

/** Finished ads: copy, layout and logo composed onto a picture per placement, rendered to library assets. */
@Module({
  imports: [AssetsModule, BrandProfilesModule, BulkGenerationModule, StorageModule],
  providers: [AdsRepository, AdComposer, AdCopyService, AdsService, AdRunner, AdJobs, GeneratedPictureAdsConsumer],
  exports: [AdsRepository, AdsService, AdComposer, AdCopyService, AdRunner],
})
export class AdsModule {}
