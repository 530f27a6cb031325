import { applyDecorators } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';

/**
 * Subscribes a method to one or several outbox event types. Errors are not suppressed: a
 * failing handler makes the relay retry the event (with backoff) and park it after too many
 * failures, so handlers must be idempotent (see ProcessedEvents).
 *
 * Each type gets its own listener: EventEmitter2 reads an array given to `@OnEvent` as ONE
 * namespaced event name, which no emitted event ever matches.
 */
export const OnDomainEvent = (type: string | string[]): MethodDecorator =>
  applyDecorators(...(Array.isArray(type) ? type : [type]).map((t) => OnEvent(t, { suppressErrors: false })));
