import { isUuid, assetFileUrl, assetThumbnailUrl, GENERATION_PROGRESS_MESSAGES } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { BulkBatchStatusDto, BulkProgressEventDto, BulkRowStatusDto } from '@brandloom/contracts';
import { BulkBatchNotFoundError } from './bulk.errors';
import { GenerationsRepository, type BatchRowState } from '../generations.repository';
import type { GenerationBatch } from './entities/generation-batch.entity';
import { GenerationBatchesRepository } from './generation-batches.repository';

/** Reads batches and the state of their rows, always scoped to an organization. */
@Injectable()
export class BulkBatches {
  constructor(
    private readonly batches: GenerationBatchesRepository,
    private readonly generations: GenerationsRepository,
  ) {}

  /** The organization's batch, or BulkBatchNotFoundError (also for a malformed id or another tenant's batch). */
  async get(organizationId: string, batchId: string): Promise<GenerationBatch> {
    if (!isUuid(batchId)) throw new BulkBatchNotFoundError();
    const batch = await this.batches.findForOrganization(organizationId, batchId);
    if (!batch) throw new BulkBatchNotFoundError();
    return batch;
  }

  /** Every row of the batch in CSV order, or only those of `generationIds`. */
  async rows(batch: GenerationBatch, generationIds?: string[]): Promise<BulkRowStatusDto[]> {
    const states = await this.generations.findBatchRowStates(batch.organization_id, batch.id, generationIds);
    const byId = new Map(states.map((s) => [s.id, s]));
    const wanted = generationIds ? new Set(generationIds) : null;
    return [...batch.jobs]
      .filter((job) => !wanted || wanted.has(job.generationId))
      .sort((a, b) => a.row - b.row)
      .map((job) => toRowStatus(job.row, job.generationId, byId.get(job.generationId)));
  }

  async status(organizationId: string, batchId: string): Promise<BulkBatchStatusDto> {
    const batch = await this.get(organizationId, batchId);
    return { batchId: batch.id, ...summarize(batch.total, await this.rows(batch)) };
  }
}

/** done (completed), failed and total of the rows, with the rows. */
export function summarize(total: number, rows: BulkRowStatusDto[], changed: BulkRowStatusDto[] = rows): BulkProgressEventDto {
  return {
    done: rows.filter((r) => r.status === 'completed').length,
    failed: rows.filter((r) => r.status === 'failed').length,
    total,
    rows: changed,
  };
}

export function isBatchFinished(event: Pick<BulkProgressEventDto, 'done' | 'failed' | 'total'>): boolean {
  return event.done + event.failed >= event.total;
}

function toRowStatus(row: number, generationId: string, state: BatchRowState | undefined): BulkRowStatusDto {
  if (!state) return { row, generationId, status: 'failed', error: GENERATION_PROGRESS_MESSAGES.notFound };
  const dto: BulkRowStatusDto = { row, generationId, status: state.status, prompt: state.prompt, quality: state.quality, size: state.size };
  if (state.brand_profile_name) dto.brandProfileName = state.brand_profile_name;
  if (state.status === 'failed' && state.error) dto.error = state.error;
  if (state.status === 'completed' && state.s3_key) {
    dto.assetUrl = assetFileUrl(state.s3_key);
    dto.thumbnailUrl = state.thumbnail_key ? assetThumbnailUrl(state.s3_key) : dto.assetUrl;
    if (state.width && state.height) Object.assign(dto, { width: state.width, height: state.height });
  }
  return dto;
}
