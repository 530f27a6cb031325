import { Injectable } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator';
import type { JobContext } from '../../infra/queue/queue.port';
import { AD_JOBS, type AdRenderJob } from '../ads-jobs.names';
import { AdRunner, type AdRenderOutcome } from './ad.runner';

/** Queue handlers of the ads domain: thin, the work is in AdRunner. */
@Injectable()
export class AdJobs {
  constructor(private readonly runner: AdRunner) {}

  @OnJob(AD_JOBS.render, { attempts: 3 })
  async render(data: AdRenderJob, context: JobContext): Promise<{ outcome: AdRenderOutcome }> {
    if (!data || typeof data.adId !== 'string' || !Number.isInteger(data.version)) return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.adId, data.version, context) };
  }
}
