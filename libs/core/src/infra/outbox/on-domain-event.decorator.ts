import { applyDecorators, SetMetadata } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { DomainEvent, EventName } from './domain-event';

export const DOMAIN_EVENT_CONSUMER_METADATA = 'brandloom:domain-event-consumer';

/** The event types a consumer method subscribes to (EventRegistry checks them at boot). */
export interface DomainEventConsumerMetadata {
  types: string[];
}

/** What a consumer of events `N` may be: it takes one of those events (or ignores it). */
export type DomainEventConsumer<N extends EventName> = (event: DomainEvent<N>) => Promise<unknown> | unknown;

/**
 * Subscribes a method to one or several outbox event types; the method must take those events'
 * payloads. Errors are not suppressed: a failing handler makes the relay retry the event (with
 * backoff) and park it after too many failures, so handlers must be idempotent (see ProcessedEvents).
 *
 * Each type gets its own listener: EventEmitter2 reads an array given to `@OnEvent` as ONE
 * namespaced event name, which no emitted event ever matches.
 */
export const OnDomainEvent = <N extends EventName>(type: N | readonly N[]) => {
  const types: string[] = Array.isArray(type) ? [...type] : [type as N];
  return applyDecorators(
    SetMetadata(DOMAIN_EVENT_CONSUMER_METADATA, { types } satisfies DomainEventConsumerMetadata),
    ...types.map((t) => OnEvent(t, { suppressErrors: false })),
  ) as <H extends DomainEventConsumer<N>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<H>) => void;
};
