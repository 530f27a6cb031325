import { GENERATION_PROGRESS_MESSAGES, generationQueuePriority, type Quality } from '@brandloom/contracts';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AppConfig } from '../../infra/config/app-config';
import { PROCESS_ROLE, ProcessRole } from '../../infra/queue/process-role';
import { QueuePort } from '../../infra/queue/queue.port';
import { RowSweeper, type SweepTimings } from '../../infra/queue/row-sweeper';
import { OrganizationsService } from '../../organizations/organizations.service';
import { GENERATION_JOBS } from '../generation-jobs.names';
import { GenerationSettlement } from '../generation-settlement';

export type { SweepResult } from '../../infra/queue/row-sweeper';

type LostGeneration = { id: string; quality: Quality; organization_id: string };

/**
 * Makes sure every generation ends completed or failed, whatever happened to its job (RowSweeper's
 * rules); a lost one is enqueued again with the priority its quality and plan give it. Timings:
 * AppConfig's GENERATION_SWEEP_EVERY_MS, GENERATION_REQUEUE_AFTER_SECONDS and GENERATION_STALE_AFTER_SECONDS.
 */
@Injectable()
export class GenerationSweeper extends RowSweeper<LostGeneration> {
  protected readonly logger = new Logger(GenerationSweeper.name);
  protected readonly sweepJob = GENERATION_JOBS.sweep;
  protected readonly rowsName = 'generation(s)';

  constructor(
    private readonly dataSource: DataSource,
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

  protected findLost(statuses: string[], all: boolean, olderThanSeconds: number, limit: number): Promise<LostGeneration[]> {
    return this.dataSource.query(
      `SELECT id, quality, organization_id FROM generations
        WHERE status = ANY($1) AND ($2 OR updated_at < now() - make_interval(secs => $3))
        ORDER BY updated_at LIMIT $4`,
      [statuses, all, olderThanSeconds, limit],
    );
  }

  protected async requeue(rows: LostGeneration[]): Promise<void> {
    const planTiers = await this.organizations.planTiers([...new Set(rows.map((row) => row.organization_id))]);
    for (const row of rows) {
      const priority = generationQueuePriority(row.quality, planTiers.get(row.organization_id) ?? null);
      await this.queue.enqueue(GENERATION_JOBS.run, { generationId: row.id }, { jobId: row.id, priority });
    }
  }

  protected findStale(olderThanSeconds: number, limit: number): Promise<Array<{ id: string }>> {
    return this.dataSource.query(`SELECT id FROM generations WHERE status = 'processing' AND updated_at < now() - make_interval(secs => $1) ORDER BY updated_at LIMIT $2`, [olderThanSeconds, limit]);
  }

  protected async settle(id: string): Promise<boolean> {
    return (await this.settlement.fail(id, GENERATION_PROGRESS_MESSAGES.interrupted)) !== null;
  }
}
