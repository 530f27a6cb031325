import { Injectable } from '@nestjs/common';
import { OnJob } from '../infra/queue/on-job.decorator';
import { WebhookDeliveryRunner, type WebhookDeliveryResult } from './webhook-delivery.runner';
import { WebhookDisabledMail } from './webhook-disabled-mail';
import { WebhookSweeper } from './webhook-sweeper';
import { WEBHOOK_JOBS, type WebhookDeliverJob, type WebhookDisabledMailJob } from './webhooks-jobs.names';

/** Queue handlers of the webhooks domain: thin, the work is in the runner, the sweeper and the mail. */
@Injectable()
export class WebhookJobs {
  constructor(
    private readonly runner: WebhookDeliveryRunner,
    private readonly sweeper: WebhookSweeper,
    private readonly disabledMail: WebhookDisabledMail,
  ) {}

  /** One attempt per job: the retry schedule is the runner's (a new row and job per attempt), not the queue's. */
  @OnJob(WEBHOOK_JOBS.deliver, { attempts: 1 })
  async deliver(data: WebhookDeliverJob): Promise<{ result: WebhookDeliveryResult }> {
    if (!data || typeof data.deliveryId !== 'string') return { result: 'missing' };
    return { result: await this.runner.deliver(data.deliveryId) };
  }

  @OnJob(WEBHOOK_JOBS.sweep, { concurrency: 1, attempts: 1 })
  async sweep(): Promise<{ requeued: number }> {
    return this.sweeper.sweep();
  }

  @OnJob(WEBHOOK_JOBS.disabledMail, { attempts: 5 })
  async mailDisabled(data: WebhookDisabledMailJob): Promise<{ sent: number }> {
    return this.disabledMail.send(data);
  }
}
