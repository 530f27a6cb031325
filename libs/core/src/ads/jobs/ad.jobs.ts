import { Injectable } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator';
import type { JobContext } from '../../infra/queue/queue.port';
import { AD_JOBS, type AdRenderJob } from '../ads-jobs.names';
import { AdRunner, type AdRenderOutcome } from './ad.runner';
import { AdSweeper } from './ad.sweeper';
import type { SweepResult } from '../../infra/queue/row-sweeper';

/** Queue handlers of the ads domain: thin, the work is in AdRunner and AdSweeper. */
@Injectable()
export class AdJobs {
  constructor(private readonly runner: AdRunner, private readonly sweeper: AdSweeper) {}

  @OnJob(AD_JOBS.render, { attempts: 3 })
  async render(data: AdRenderJob, context: JobContext): Promise<{ outcome: AdRenderOutcome }> {
    if (!data || typeof data.adId !== 'string' || !Number.isInteger(data.version)) return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.adId, data.version, context) };
  }

  @OnJob(AD_JOBS.sweep, { concurrency: 1, attempts: 1 })
  async sweep(): Promise<SweepResult> {
    return this.sweeper.sweep();
  }
}
