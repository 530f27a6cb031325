import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { BulkGenerationModule } from '../generation/bulk/bulk.module';
import { GenerationModule } from '../generation/generation.module';
import { ProgressModule } from '../infra/progress/progress.module';
import { StorageModule } from '../storage/storage.module';
import { AdComposer } from './ad-composer';
import { AdProgress } from './ad-progress';
import { AdTextModel } from './ad-text-model';
import { AdCopyService } from './ad-copy.service';
import { AdTranslateService } from './ad-translate.service';
import { AdsRepository } from './ads.repository';
import { AdsService } from './ads.service';
import { GeneratedPictureAdsConsumer } from './generated-picture-ads.consumer';
import { AdJobs } from './jobs/ad.jobs';
import { AdRunner } from './jobs/ad.runner';
import { AdSweeper } from './jobs/ad.sweeper';

/** Finished ads: copy, layout and logo composed onto a picture per placement, rendered to library assets. */
@Module({
  imports: [AssetsModule, BrandProfilesModule, BulkGenerationModule, GenerationModule, ProgressModule, StorageModule],
  providers: [AdsRepository, AdComposer, AdProgress, AdTextModel, AdCopyService, AdTranslateService, AdsService, AdRunner, AdSweeper, AdJobs, GeneratedPictureAdsConsumer],
  exports: [AdsRepository, AdsService, AdComposer, AdProgress, AdCopyService, AdTranslateService, AdRunner, AdSweeper],
})
export class AdsModule {}
