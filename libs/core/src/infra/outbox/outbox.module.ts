import { Global, Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { OutboxRelay } from './outbox.relay';
import { OutboxService } from './outbox.service';
import { ProcessedEvents } from './processed-events';

@Global()
@Module({
  imports: [EventEmitterModule.forRoot({ wildcard: false })],
  providers: [OutboxService, OutboxRelay, ProcessedEvents],
  exports: [OutboxService, OutboxRelay, ProcessedEvents],
})
export class OutboxModule {}
