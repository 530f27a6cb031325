import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { DOMAIN_EVENT_CONSUMER_METADATA, DomainEventConsumerMetadata } from './on-domain-event.decorator';

export const KNOWN_EVENT_NAMES = Symbol('KNOWN_EVENT_NAMES');

export class EventRegistrationError extends Error {}

/**
 * Finds every @OnDomainEvent consumer and checks, as the job registry does for jobs, that each
 * consumes only events some domain declares: a misspelt or removed event would otherwise leave
 * its consumer silently waiting for an event that never comes.
 */
@Injectable()
export class EventRegistry implements OnModuleInit {
  private consumers: Array<{ type: string; where: string }> = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    @Inject(KNOWN_EVENT_NAMES) private readonly knownNames: readonly string[],
  ) {}

  onModuleInit(): void {
    this.consumers = this.discover();
    const unknown = this.consumers.filter((c) => !this.knownNames.includes(c.type));
    if (unknown.length > 0) {
      const problems = unknown.map((c) => `${c.where} consumes unknown event '${c.type}'`);
      throw new EventRegistrationError(`Event consumers are misconfigured: ${problems.join('; ')}`);
    }
  }

  /** The consumers of `type` (Class.method), once discovery ran. */
  consumersOf(type: string): string[] {
    return this.consumers.filter((c) => c.type === type).map((c) => c.where);
  }

  private discover(): Array<{ type: string; where: string }> {
    const found: Array<{ type: string; where: string }> = [];
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance);
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const meta = this.reflector.get<DomainEventConsumerMetadata | undefined>(DOMAIN_EVENT_CONSUMER_METADATA, prototype[method]);
        for (const type of meta?.types ?? []) found.push({ type, where: `${prototype.constructor.name}.${method}` });
      }
    }
    return found;
  }
}
