import { Module } from '@nestjs/common';
import { FoldersModule } from '../../folders/folders.module';
import { GenerationModule } from '../generation.module';
import { BulkBatches } from './bulk-batches';
import { BulkGenerationService } from './bulk-generation.service';
import { BulkProgress } from './bulk-progress.service';

/** Bulk generation from a CSV (POST /api/generate/bulk and its status and progress routes). */
@Module({
  imports: [GenerationModule, FoldersModule],
  providers: [BulkGenerationService, BulkBatches, BulkProgress],
  exports: [BulkGenerationService, BulkBatches, BulkProgress],
})
export class BulkGenerationModule {}
