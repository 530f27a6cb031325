import { CREDITS_LOW_THRESHOLD } from '@brandloom/contracts';
import { Injectable } from '@nestjs/common';
import type { DomainEvent } from '../infra/outbox/domain-event';
import { OnDomainEvent } from '../infra/outbox/on-domain-event.decorator';
import { OutboxService } from '../infra/outbox/outbox.service';
import { ProcessedEvents } from '../infra/outbox/processed-events';
import { CREDITS_EVENTS } from './credits.events';

/**
 * Announces low credits: a debit that took the balance from CREDITS_LOW_THRESHOLD or more to below it
 * records `credits.low`, once per such debit. Decided from the committed debit's event, so the debit
 * statements (the hot path) stay as they are.
 */
@Injectable()
export class LowCreditsConsumer {
  static readonly CONSUMER = 'credits.low-balance';

  constructor(
    private readonly processed: ProcessedEvents,
    private readonly outbox: OutboxService,
  ) {}

  @OnDomainEvent(CREDITS_EVENTS.creditsDebited)
  async onDebited(event: DomainEvent<typeof CREDITS_EVENTS.creditsDebited>): Promise<void> {
    const { balance, amount, transactionId } = event.payload ?? {};
    if (!event.organizationId || typeof balance !== 'number' || typeof amount !== 'number') return;
    const before = balance + Math.abs(amount);
    if (!(balance < CREDITS_LOW_THRESHOLD && before >= CREDITS_LOW_THRESHOLD)) return;
    await this.processed.runOnce(LowCreditsConsumer.CONSUMER, event.id, (m) =>
      this.outbox.record(m, CREDITS_EVENTS.creditsLow, { transactionId, balance, threshold: CREDITS_LOW_THRESHOLD }, event.organizationId).then(() => undefined),
    );
  }
}
