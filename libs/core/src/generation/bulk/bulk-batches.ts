import { isUuid, assetFileUrl, assetThumbnailUrl, GENERATION_PROGRESS_MESSAGES, type GenerationStatus } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { BulkBatchStatusDto, BulkProgressEventDto, BulkRowStatusDto } from '@brandloom/contracts';
import { BulkBatchNotFoundError } from './bulk.errors';
import { GenerationBatch } from './entities/generation-batch.entity';


interface RowState {
  id: string;
  status: GenerationStatus;
  prompt: string;
  quality: string;
  size: string;
  brand_profile_name: string | null;
  error: string | null;
  s3_key: string | null;
  thumbnail_key: string | null;
  width: number | null;
  height: number | null;
}

/** Reads batches and the state of their rows, always scoped to an organization. */
@Injectable()
export class BulkBatches {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's batch, or BulkBatchNotFoundError (also for a malformed id or another tenant's batch). */
  async get(organizationId: string, batchId: string): Promise<GenerationBatch> {
    if (!isUuid(batchId)) throw new BulkBatchNotFoundError();
    const batch = await this.dataSource.getRepository(GenerationBatch).findOneBy({ id: batchId, organization_id: organizationId });
    if (!batch) throw new BulkBatchNotFoundError();
    return batch;
  }

  /** Every row of the batch in CSV order, or only those of `generationIds`. */
  async rows(batch: GenerationBatch, generationIds?: string[]): Promise<BulkRowStatusDto[]> {
    // The first image of each generation (a bulk row has one); generations_batch_idx and the
    // assets (generation_id, variation_index) key serve it.
    const states: RowState[] = await this.dataSource.query(
      `SELECT g.id, g.status, g.prompt, g.quality, g.size, g.brand_profile_name, g.error, a.s3_key, a.thumbnail_key, a.width, a.height
         FROM generations g
         LEFT JOIN LATERAL (
           SELECT s3_key, thumbnail_key, width, height FROM assets WHERE generation_id = g.id ORDER BY variation_index LIMIT 1
         ) a ON true
        WHERE g.batch_id = $1 AND g.organization_id = $2 AND ($3::uuid[] IS NULL OR g.id = ANY($3::uuid[]))`,
      [batch.id, batch.organization_id, generationIds ?? null],
    );
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

function toRowStatus(row: number, generationId: string, state: RowState | undefined): BulkRowStatusDto {
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
