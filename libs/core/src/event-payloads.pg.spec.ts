import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '@brandloom/core/testing';
import { ASSET_EVENTS } from './assets/assets.events';
import { AUTH_EVENTS } from './auth/auth.events';
import type { DomainEvent } from './infra/outbox/domain-event';
import { DOMAIN_EVENT_CONSUMER_METADATA, OnDomainEvent } from './infra/outbox/on-domain-event.decorator';
import { OutboxRepository } from './infra/outbox/outbox.repository';
import { OutboxService } from './infra/outbox/outbox.service';

/**
 * Events are typed by name: `tsc -p tsconfig.json` (npm run typecheck) checks this file, so each
 * `@ts-expect-error` below fails the typecheck the day the mistake under it compiles.
 */
describe('event payloads (type-checked)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db?.drop());

  it("records 'user.registered' with its payload only", async () => {
    const outbox = new OutboxService(new OutboxRepository(db.dataSource));
    const organizationId = randomUUID();
    await db.dataSource.transaction(async (m) => {
      await outbox.record(m, AUTH_EVENTS.userRegistered, { userId: 'u-1', email: 'a@example.com' }, organizationId);
      // @ts-expect-error an unknown key in the payload
      await outbox.record(m, AUTH_EVENTS.userRegistered, { userId: 'u-2', email: 'b@example.com', password: 'x' }, organizationId);
      // @ts-expect-error a key misspelt
      await outbox.record(m, AUTH_EVENTS.userRegistered, { user_id: 'u-3', email: 'c@example.com' }, organizationId);
      // @ts-expect-error an event nobody declares
      await outbox.record(m, 'user.registerd', { userId: 'u-4', email: 'd@example.com' }, organizationId);
      await outbox.recordMany(m, AUTH_EVENTS.userRegistered, [{ payload: { userId: 'u-5', email: 'e@example.com' }, organizationId }]);
      // @ts-expect-error another event's payload
      await outbox.recordMany(m, AUTH_EVENTS.userRegistered, [{ payload: { invitationId: 'i-1' }, organizationId }]);
    });
    // The outbox stores whatever it is given: only the compiler stands between a wrong payload and its consumers.
    const rows: Array<{ type: string; payload: object }> = await db.dataSource.query(`SELECT type, payload FROM outbox WHERE organization_id = $1 ORDER BY id`, [organizationId]);
    expect(rows).toEqual([
      { type: 'user.registered', payload: { userId: 'u-1', email: 'a@example.com' } },
      { type: 'user.registered', payload: { userId: 'u-2', email: 'b@example.com', password: 'x' } },
      { type: 'user.registered', payload: { user_id: 'u-3', email: 'c@example.com' } },
      { type: 'user.registerd', payload: { userId: 'u-4', email: 'd@example.com' } },
      { type: 'user.registered', payload: { userId: 'u-5', email: 'e@example.com' } },
      { type: 'user.registered', payload: { invitationId: 'i-1' } },
    ]);
  });

  it('declares consumers with the payloads of the events they name', () => {
    @Injectable()
    class Consumers {
      @OnDomainEvent(AUTH_EVENTS.userRegistered)
      async right(event: DomainEvent<typeof AUTH_EVENTS.userRegistered>): Promise<string> {
        return event.payload.email;
      }

      @OnDomainEvent([ASSET_EVENTS.assetCreated, ASSET_EVENTS.assetDeleted])
      async either(event: DomainEvent<typeof ASSET_EVENTS.assetCreated | typeof ASSET_EVENTS.assetDeleted>): Promise<string | null> {
        // Narrowed by its type: only asset.deleted carries thumbnailKey.
        return event.type === ASSET_EVENTS.assetDeleted ? event.payload.thumbnailKey : event.payload.s3Key;
      }

      // @ts-expect-error the consumer expects another event
      @OnDomainEvent(AUTH_EVENTS.userRegistered)
      async wrong(event: DomainEvent<typeof ASSET_EVENTS.assetDeleted>): Promise<string> {
        return event.payload.assetId;
      }

      // @ts-expect-error an event nobody declares
      @OnDomainEvent('user.registerd')
      async unknown(): Promise<void> {}
    }
    const metadata = (method: keyof Consumers) => Reflect.getMetadata(DOMAIN_EVENT_CONSUMER_METADATA, Consumers.prototype[method]);
    expect(metadata('right')).toEqual({ types: ['user.registered'] });
    expect(metadata('either')).toEqual({ types: ['asset.created', 'asset.deleted'] });
    expect(metadata('wrong')).toEqual({ types: ['user.registered'] });
  });
});
