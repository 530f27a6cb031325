import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { CreditsModule } from '../credits/credits.module';
import { ImageProvidersModule } from '../generation/providers/image-providers.module';
import { AppConfig } from '../infra/config/app-config';
import { ProgressModule } from '../infra/progress/progress.module';
import { StorageModule } from '../storage/storage.module';
import { FormatProgress } from './format-progress';
import { FormatRunner } from './jobs/format.runner';
import { FormatSettlement } from './format-settlement';
import { FormatJobsRepository } from './format-jobs.repository';
import { FormatsService } from './formats.service';
import { GeneratedAssetFormatsConsumer } from './generated-asset-formats.consumer';
import { FormatJobs } from './jobs/format.jobs';
import { FormatSweeper } from './jobs/format.sweeper';
import { Outpainters } from './outpainters/outpainters';

@Module({
  imports: [AssetsModule, BrandProfilesModule, CreditsModule, ImageProvidersModule, ProgressModule, StorageModule],
  providers: [
    FormatJobsRepository,
    FormatsService,
    FormatProgress,
    FormatSettlement,
    FormatRunner,
    FormatSweeper,
    FormatJobs,
    GeneratedAssetFormatsConsumer,
    { provide: Outpainters, inject: [AppConfig], useFactory: (config: AppConfig) => Outpainters.fromConfig(config) },
  ],
  exports: [FormatJobsRepository, FormatsService, FormatProgress, Outpainters],
})
export class FormatsModule {}
