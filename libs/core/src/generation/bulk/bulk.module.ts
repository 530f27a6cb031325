import { Module } from '@nestjs/common';
import { FoldersModule } from '../../folders/folders.module';
import { GenerationModule } from '../generation.module';
import { BulkBatches } from './bulk-batches';
import { BulkGenerationService } from './bulk-generation.service';
import { BulkProgress } from './bulk-progress.service';
import { GenerationBatchesRepository } from './generation-batches.repository';

/** Bulk generation from a CSV (POST /api/generate/bulk and its status and progress routes). */
@Module({
  imports: [GenerationModule, FoldersModule],
  providers: [GenerationBatchesRepository, BulkGenerationService, BulkBatches, BulkProgress],
  exports: [GenerationBatchesRepository, BulkGenerationService, BulkBatches, BulkProgress],
})
export class BulkGenerationModule {}
