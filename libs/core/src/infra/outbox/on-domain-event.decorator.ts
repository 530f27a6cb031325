import { OnEvent } from '@nestjs/event-emitter';

/**
 * Subscribes a method to an outbox event. Errors are not suppressed: a failing handler makes
 * the relay retry the event (with backoff) and park it after too many failures, so handlers
 * must be idempotent (see ProcessedEvents).
 */
export const OnDomainEvent = (type: string | string[]): MethodDecorator => OnEvent(type, { suppressErrors: false });
