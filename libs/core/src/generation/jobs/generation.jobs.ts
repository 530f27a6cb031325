import { Injectable } from '@nestjs/common';
import { OnJob } from '../../infra/queue/on-job.decorator';
import type { JobContext } from '../../infra/queue/queue.port';
import { GENERATION_JOBS } from '../generation-jobs.names';
import { GenerationRunner, GenerationRunOutcome } from './generation.runner';
import type { GenerationRunJob } from '../generation.service';
import { ModelRetirementCheck } from '../providers/openai/model-retirement-check';
import { GenerationSweeper, SweepResult } from './generation.sweeper';

/** Queue handlers of the generation domain: thin, the work is in GenerationRunner and GenerationSweeper. */
@Injectable()
export class GenerationJobs {
  constructor(
    private readonly runner: GenerationRunner,
    private readonly sweeper: GenerationSweeper,
    private readonly models: ModelRetirementCheck,
  ) {}

  /** Retryable provider failures are retried (3 attempts, exponential backoff from 1 s). */
  @OnJob(GENERATION_JOBS.run, { attempts: 3 })
  async run(data: GenerationRunJob, context: JobContext): Promise<{ outcome: GenerationRunOutcome }> {
    if (!data || typeof data.generationId !== 'string') return { outcome: 'missing' };
    return { outcome: await this.runner.run(data.generationId, context) };
  }

  @OnJob(GENERATION_JOBS.sweep, { concurrency: 1, attempts: 1 })
  async sweep(): Promise<SweepResult> {
    return this.sweeper.sweep();
  }

  @OnJob(GENERATION_JOBS.checkModels, { concurrency: 1, attempts: 1 })
  async checkModels(): Promise<{ warnings: number }> {
    return { warnings: (await this.models.check()).warnings.length };
  }
}
