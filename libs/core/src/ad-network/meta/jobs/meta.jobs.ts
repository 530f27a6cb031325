import { Injectable } from '@nestjs/common';
import { OnJob } from '../../../infra/queue/on-job.decorator';
import type { JobContext } from '../../../infra/queue/queue.port';
import { META_JOBS } from '../meta-jobs.names';
import { META_PUSH_ATTEMPTS, type MetaPushJob } from '../meta-push.service';
import { MetaResultsSync, type ResultsSyncOutcome } from '../meta-results.sync';
import { MetaPushOutcome, MetaPushRunner } from './meta-push.runner';

/** Queue handlers of the Meta domain: thin, the work is in MetaPushRunner. */
@Injectable()
export class MetaJobs {
  constructor(
    private readonly runner: MetaPushRunner,
    private readonly results: MetaResultsSync,
  ) {}

  @OnJob(META_JOBS.push, { attempts: META_PUSH_ATTEMPTS })
  async push(data: MetaPushJob, context: JobContext): Promise<{ outcome: MetaPushOutcome }> {
    if (!data || typeof data.pushId !== 'string') return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.pushId, context) };
  }

  @OnJob(META_JOBS.syncResults, { concurrency: 1, attempts: 1 })
  syncResults(): Promise<ResultsSyncOutcome> {
    return this.results.syncAll();
  }
}
