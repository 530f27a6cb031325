import { Injectable } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator';
import type { JobContext } from '../../infra/queue/queue.port';
import { BrandExtractionOutcome, BrandExtractionRunner } from './brand-extraction.runner';
import { BRAND_EXTRACT_JOB, type BrandExtractJob } from '../extraction/brand-extraction.service';

/** Queue handlers of the brand-profiles domain: thin, the work is in BrandExtractionRunner. */
@Injectable()
export class BrandExtractionJobs {
  constructor(private readonly runner: BrandExtractionRunner) {}

  /** A storage or database hiccup is tried once more; undecodable images fail at once. */
  @OnJob(BRAND_EXTRACT_JOB, { attempts: 2 })
  async extract(data: BrandExtractJob, context: JobContext): Promise<{ outcome: BrandExtractionOutcome }> {
    if (!data || typeof data.extractionId !== 'string') return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.extractionId, context) };
  }
}
