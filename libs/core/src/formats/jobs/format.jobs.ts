import { Injectable } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator';
import type { JobContext } from '../../infra/queue/queue.port';
import { FORMAT_JOBS } from '../format-jobs.names';
import { FormatRunner, FormatRunOutcome } from './format.runner';
import type { FormatRunJob } from '../formats.service';
import { FormatSweeper, FormatSweepResult } from './format.sweeper';

/** Queue handlers of the formats domain: thin, the work is in FormatRunner and FormatSweeper. */
@Injectable()
export class FormatJobs {
  constructor(private readonly runner: FormatRunner, private readonly sweeper: FormatSweeper) {}

  @OnJob(FORMAT_JOBS.run, { attempts: 3 })
  async run(data: FormatRunJob, context: JobContext): Promise<{ outcome: FormatRunOutcome }> {
    if (!data || typeof data.formatJobId !== 'string') return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.formatJobId, context) };
  }

  @OnJob(FORMAT_JOBS.sweep, { concurrency: 1, attempts: 1 })
  async sweep(): Promise<FormatSweepResult> {
    return this.sweeper.sweep();
  }
}
