import { assetFileUrl, assetThumbnailUrl, FORMAT_MESSAGES, FORMAT_PROGRESS_PATH, type AdFormatId, type FormatCompletedEventDto, type FormatJobDto, type FormatMethod } from '@brandloom/contracts';
import type { Asset } from '../assets/entities/asset.entity';
import type { FormatJob } from './entities/format-job.entity';

export function toFormatJobDto(job: FormatJob): FormatJobDto {
  return {
    id: job.id,
    asset_id: job.asset_id,
    format: job.format,
    method: job.method,
    status: job.status,
    progress: job.progress,
    message: job.status === 'failed' ? (job.error ?? job.message) : job.message,
    result_asset_id: job.result_asset_id ?? null,
    credits_charged: job.credits_charged,
    progressUrl: `${FORMAT_PROGRESS_PATH}${job.id}`,
  };
}

export function formatCompletedEvent(job: Pick<FormatJob, 'id'>, asset: Asset): FormatCompletedEventDto {
  return {
    jobId: job.id,
    progress: 100,
    message: FORMAT_MESSAGES.ready,
    assetId: asset.id,
    format: asset.format as AdFormatId,
    method: asset.method as FormatMethod,
    url: assetFileUrl(asset.s3_key),
    thumbnailUrl: asset.thumbnail_key ? assetThumbnailUrl(asset.s3_key) : null,
    width: asset.width,
    height: asset.height,
  };
}

/** The name of a derived image: the original's, with the format. */
export function formatAssetName(originalName: string, format: string): string {
  const suffix = ` (${format})`;
  const base = originalName.length + suffix.length > 200 ? `${originalName.slice(0, 199 - suffix.length).trimEnd()}…` : originalName;
  return `${base}${suffix}`;
}
