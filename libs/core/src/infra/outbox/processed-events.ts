import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ProcessedEventsRepository } from './processed-events.repository';

/** Makes an event consumer idempotent: its effects and the processed mark commit together. */
@Injectable()
export class ProcessedEvents {
  constructor(
    private readonly dataSource: DataSource,
    private readonly marks: ProcessedEventsRepository,
  ) {}

  /** Runs `effects` unless `consumer` already processed `eventId`; returns whether it ran. */
  async runOnce(consumer: string, eventId: string, effects: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.marks.markProcessed(consumer, eventId, manager))) return false;
      await effects(manager);
      return true;
    });
  }
}
