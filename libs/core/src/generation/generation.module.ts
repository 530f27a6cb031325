import { Module } from '@nestjs/common';
import { AssetsModule } from '../assets/assets.module';
import { BrandProfilesModule } from '../brand-profiles/brand-profiles.module';
import { CreditsModule } from '../credits/credits.module';
import { ProgressModule } from '../infra/progress/progress.module';
import { StorageModule } from '../storage/storage.module';
import { GenerationProgress } from './generation-progress.service';
import { GenerationRunner } from './jobs/generation.runner';
import { GenerationSettlement } from './generation-settlement';
import { GenerationService } from './generation.service';
import { GenerationLookup } from './generation-lookup.service';
import { GenerationsRepository } from './generations.repository';
import { GenerationJobs } from './jobs/generation.jobs';
import { GenerationSweeper } from './jobs/generation.sweeper';
import { ImageProvidersModule } from './providers/image-providers.module';
import { ModelRetirementCheck } from './providers/openai/model-retirement-check';
import { ReferenceImages } from './reference-images';

@Module({
  imports: [ImageProvidersModule, StorageModule, ProgressModule, CreditsModule, BrandProfilesModule, AssetsModule],
  providers: [GenerationService, GenerationLookup, GenerationsRepository, GenerationProgress, GenerationSettlement, GenerationRunner, ReferenceImages, GenerationSweeper, GenerationJobs, ModelRetirementCheck],
  exports: [GenerationService, GenerationLookup, GenerationsRepository, GenerationProgress, GenerationSettlement, ModelRetirementCheck, ImageProvidersModule, ProgressModule, BrandProfilesModule, AssetsModule],
})
export class GenerationModule {}
