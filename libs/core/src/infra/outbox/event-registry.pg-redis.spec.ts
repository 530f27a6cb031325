import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { DynamicModule, Global, INestApplicationContext, Injectable, Module, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DataSource } from 'typeorm';
import { ASSET_EVENTS } from '../../assets/assets.events';
import { bootCore } from '../../testing/core-boot';
import { EVENT_NAMES } from '../../event-names';
import { AppConfig, loadConfig } from '../config/app-config';
import type { DomainEvent, EventName } from './domain-event';
import { EventRegistrationError, EventRegistry } from './event-registry';
import { OnDomainEvent } from './on-domain-event.decorator';
import { OutboxModule } from './outbox.module';

/** This file's events are not the application's: they pass the typed decorator as any name would, and the registry judges them at boot. */
const testEvent = (name: string) => name as EventName;

@Injectable()
class WelcomesUsers {
  @OnDomainEvent(testEvent('user.joined'))
  async welcome(): Promise<void> {}
}

@Injectable()
class CountsThings {
  @OnDomainEvent([testEvent('thing.added'), testEvent('thing.removed')])
  async count(): Promise<void> {}
}

@Injectable()
class ListensToAGhost {
  @OnDomainEvent(testEvent('ghost.appeared'))
  async haunt(): Promise<void> {}

  @OnDomainEvent([testEvent('user.joined'), testEvent('ghost.left')])
  async alsoHaunt(): Promise<void> {}
}

describe('event registry (boot-time validation of @OnDomainEvent consumers)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  /** Configuration and the test database: what the outbox's providers need to exist. */
  function infrastructure(): DynamicModule {
    const config = loadConfig({ DATABASE_URL: db.url, SESSION_SECRET: 's'.repeat(32) });
    @Global() @Module({})
    class TestInfrastructure {}
    return {
      module: TestInfrastructure,
      global: true,
      providers: [{ provide: AppConfig, useValue: config }, { provide: DataSource, useValue: db.dataSource }],
      exports: [AppConfig, DataSource],
    };
  }

  /** Boots a Nest context whose outbox knows `eventNames` and whose providers are `consumers`. */
  async function boot(eventNames: string[], consumers: Type[]): Promise<INestApplicationContext> {
    @Module({ imports: [infrastructure(), OutboxModule.forRoot({ eventNames })], providers: consumers })
    class AppUnderTest {}
    return NestFactory.createApplicationContext(AppUnderTest, { logger: false, abortOnError: false });
  }

  async function bootError(eventNames: string[], consumers: Type[]): Promise<Error> {
    const error = await boot(eventNames, consumers).then(
      async (app) => {
        await app.close();
        throw new Error('boot succeeded');
      },
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(EventRegistrationError);
    return error;
  }

  it('boots when every consumer names a known event, and knows who consumes what', async () => {
    const app = await boot(['user.joined', 'thing.added', 'thing.removed', 'thing.renamed'], [WelcomesUsers, CountsThings]);
    try {
      const registry = app.get(EventRegistry);
      expect(registry.consumersOf('user.joined')).toEqual(['WelcomesUsers.welcome']);
      expect(registry.consumersOf('thing.removed')).toEqual(['CountsThings.count']);
    } finally {
      await app.close();
    }
  });

  it('fails naming each consumer of an event nobody declares, and where it is', async () => {
    const error = await bootError(['user.joined'], [WelcomesUsers, ListensToAGhost]);
    expect(error.message).toContain("ListensToAGhost.haunt consumes unknown event 'ghost.appeared'");
    expect(error.message).toContain("ListensToAGhost.alsoHaunt consumes unknown event 'ghost.left'");
    expect(error.message).not.toContain("'user.joined'");
  });

  it('fails on one unknown event among the several a consumer names', async () => {
    const error = await bootError(['thing.added'], [CountsThings]);
    expect(error.message).toBe("Event consumers are misconfigured: CountsThings.count consumes unknown event 'thing.removed'");
  });

  describe('the application (CoreModule)', () => {
    const initCore = (eventNames: readonly string[], extraConsumers: Type[] = []) => bootCore(db.url, { eventNames }, extraConsumers);

    it('boots: every consumer of the application names an event a domain declares', async () => {
      await expect(initCore(EVENT_NAMES)).resolves.toBeUndefined();
    });

    it('does not boot when an event its consumers use is no longer declared', async () => {
      await expect(initCore(EVENT_NAMES.filter((name) => name !== ASSET_EVENTS.assetDeleted))).rejects.toThrow(
        "BrandAssetCountConsumer.onAssetChange consumes unknown event 'asset.deleted'",
      );
    });

    it('does not boot with a consumer of an unknown event', async () => {
      @Injectable()
      class MisspeltConsumer {
        @OnDomainEvent(testEvent('asset.create'))
        async onCreated(event: DomainEvent): Promise<string> {
          return event.id;
        }
      }
      await expect(initCore(EVENT_NAMES, [MisspeltConsumer])).rejects.toThrow("MisspeltConsumer.onCreated consumes unknown event 'asset.create'");
    });
  });
});
