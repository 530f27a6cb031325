import { DynamicModule, Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { EventRegistry, KNOWN_EVENT_NAMES } from './event-registry';
import { OutboxRelay } from './outbox.relay';
import { OutboxRepository } from './outbox.repository';
import { OutboxService } from './outbox.service';
import { ProcessedEvents } from './processed-events';
import { ProcessedEventsRepository } from './processed-events.repository';

export interface OutboxModuleOptions {
  /** The events the domains declare; a consumer of any other fails the start (the application's: libs/core/src/event-names.ts). */
  eventNames: readonly string[];
}

@Global()
@Module({})
export class OutboxModule {
  static forRoot(options: OutboxModuleOptions): DynamicModule {
    return {
      module: OutboxModule,
      imports: [EventEmitterModule.forRoot({ wildcard: false }), DiscoveryModule],
      providers: [{ provide: KNOWN_EVENT_NAMES, useValue: options.eventNames }, EventRegistry, OutboxRepository, ProcessedEventsRepository, OutboxService, OutboxRelay, ProcessedEvents],
      exports: [OutboxRepository, ProcessedEventsRepository, OutboxService, OutboxRelay, ProcessedEvents, EventRegistry],
    };
  }
}
