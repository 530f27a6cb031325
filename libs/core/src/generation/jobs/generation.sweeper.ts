import { GENERATION_PROGRESS_MESSAGES, generationQueuePriority } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
import { RowSweeper, type SweepTimings } from '../../infra/queue/row-sweeper';
import { OrganizationsService } from '../../organizations/organizations.service';
import { GENERATION_JOBS } from '../generation-jobs.names';
import { GenerationSettlement } from '../generation-settlement';
import { GenerationsRepository, type LostGenerationRow } from '../generations.repository';

export type { SweepResult } from '../../infra/queue/row-sweeper';

/**
 * Makes sure every generation ends completed or failed, whatever happened to its job (RowSweeper's
 * rules); a lost one is enqueued again with the priority its quality and plan give it. Timings:
 * AppConfig's GENERATION_SWEEP_EVERY_MS, GENERATION_REQUEUE_AFTER_SECONDS and GENERATION_STALE_AFTER_SECONDS.
 */
@Injectable()
export class GenerationSweeper extends RowSweeper<LostGenerationRow> {
  protected readonly logger = new Logger(GenerationSweeper.name);
  protected readonly sweepJob = GENERATION_JOBS.sweep;
  protected readonly rowsName = 'generation(s)';

  constructor(
    private readonly generations: GenerationsRepository,
    queue: QueuePort,
    config: AppConfig,
    @Inject(PROCESS_ROLE) role: ProcessRole,
    private readonly settlement: GenerationSettlement,
    private readonly organizations: OrganizationsService,
  ) {
    super(queue, config, role);
  }

  protected timings(): SweepTimings {
    return { everyMs: this.config.GENERATION_SWEEP_EVERY_MS, requeueAfterSeconds: this.config.GENERATION_REQUEUE_AFTER_SECONDS, staleAfterSeconds: this.config.GENERATION_STALE_AFTER_SECONDS };
  }

  protected findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<LostGenerationRow[]> {
    return this.generations.findLost(statuses, all, olderThanSeconds, limit);
  }

  protected async requeue(rows: LostGenerationRow[]): Promise<void> {
    const planTiers = await this.organizations.planTiers([...new Set(rows.map((row) => row.organization_id))]);
    for (const row of rows) {
      const priority = generationQueuePriority(row.quality, planTiers.get(row.organization_id) ?? null);
      await this.queue.enqueue(GENERATION_JOBS.run, { generationId: row.id }, { jobId: row.id, priority });
    }
  }

  protected findStale(olderThanSeconds: number, limit: number): Promise<Array<{ id: string }>> {
    return this.generations.findStale(olderThanSeconds, limit);
  }

  protected async settle(row: { id: string }): Promise<boolean> {
    return (await this.settlement.fail(row.id, GENERATION_PROGRESS_MESSAGES.interrupted)) !== null;
  }
}
