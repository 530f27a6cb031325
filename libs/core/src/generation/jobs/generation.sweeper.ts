import { GENERATION_PROGRESS_MESSAGES, generationQueuePriority } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
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
  protected readonly sweepJob = GENERATION_JOBS.sweep;
  protected readonly rowsName = 'generation(s)';

  constructor(
    protected readonly rows: GenerationsRepository,
    private readonly settlement: GenerationSettlement,
    private readonly organizations: OrganizationsService,
  ) {
    super();
  }

  protected timings(): SweepTimings {
    return { everyMs: this.config.GENERATION_SWEEP_EVERY_MS, requeueAfterSeconds: this.config.GENERATION_REQUEUE_AFTER_SECONDS, staleAfterSeconds: this.config.GENERATION_STALE_AFTER_SECONDS };
  }

  protected async requeue(rows: LostGenerationRow[]): Promise<void> {
    const planTiers = await this.organizations.planTiers([...new Set(rows.map((row) => row.organization_id))]);
    for (const row of rows) {
      const priority = generationQueuePriority(row.quality, planTiers.get(row.organization_id) ?? null);
      await this.queue.enqueue(GENERATION_JOBS.run, { generationId: row.id }, { jobId: row.id, priority });
    }
  }

  protected async settle(row: { id: string }): Promise<boolean> {
    return (await this.settlement.fail(row.id, GENERATION_PROGRESS_MESSAGES.interrupted)) !== null;
  }
}
