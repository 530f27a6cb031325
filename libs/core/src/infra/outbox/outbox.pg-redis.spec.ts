import { createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { DynamicModule, Global, INestApplicationContext, Injectable, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { randomBytes, randomUUID } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { AuditModule } from '../../audit/audit.module';
import { AuditRecorder } from '../../audit/audit.recorder';
import { AppConfig, loadConfig } from '../config/app-config';
import { ENTITIES } from '../../entities';
import { DatabaseModule } from '../database/database.module';
import { InProcessQueueDriver } from '../queue/drivers/in-process.driver';
import { JobRegistry } from '../queue/job-registry';
import { QueueModule } from '../queue/queue.module';
import { QueuePort } from '../queue/queue.port';
import { DOMAIN_EVENTS, EVENT_NAMES } from '../../event-names';
import { DomainEvent, OUTBOX_BATCH_CLAIMED, type EventName } from './domain-event';
import { OnDomainEvent } from './on-domain-event.decorator';
import { OutboxModule } from './outbox.module';
import { OUTBOX_MAX_ATTEMPTS, OutboxRelay } from './outbox.relay';
import { OutboxService } from './outbox.service';

// This file's own events, not the application's: they pass the typed API as any name would.
const PING = 'outbox-test.ping' as EventName;
const POISON = 'outbox-test.poison' as EventName;

/** The outbox as its table sees it (any type, any payload): the view these tests write through. */
interface AnyEventOutbox {
  record(manager: EntityManager, type: string, payload: object, organizationId?: string | null): Promise<string>;
  writeWithEvent<T>(
    manager: EntityManager,
    statement: string,
    params: unknown[],
    event: { type: string; payload: object; organizationId: string | null; rowFields?: Record<string, string> },
  ): Promise<T[]>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Records what the relay delivers to event-emitter handlers in one app. */
@Injectable()
class Probe {
  readonly pings: DomainEvent[] = [];
  readonly registrations: DomainEvent[] = [];
  poisonCalls = 0;

  @OnDomainEvent(PING)
  async ping(event: DomainEvent): Promise<void> {
    await sleep(2); // slow enough that two relays really overlap
    this.pings.push(event);
  }

  @OnDomainEvent(DOMAIN_EVENTS.userRegistered)
  async registered(event: DomainEvent): Promise<void> {
    this.registrations.push(event);
  }

  @OnDomainEvent(POISON)
  async poison(): Promise<void> {
    this.poisonCalls++;
    throw new Error('poison pill');
  }
}

interface RelayApp {
  app: INestApplicationContext;
  relay: OutboxRelay;
  probe: Probe;
  queue: InProcessQueueDriver;
  emitter: EventEmitter2;
}

/**
 * One process's worth of the outbox: configuration, the database, the queue (in-process:
 * no REDIS_URL), the outbox, the audit consumer and the probes. The relay is not started:
 * the tests drain it themselves.
 */
async function startRelayApp(db: TestDatabase, prefix: string): Promise<RelayApp> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: db.url, SESSION_SECRET: 's'.repeat(32), QUEUE_PREFIX: prefix, LOG_LEVEL: 'silent' });
  @Global() @Module({})
  class TestConfigModule {}
  const configModule: DynamicModule = { module: TestConfigModule, global: true, providers: [{ provide: AppConfig, useValue: config }], exports: [AppConfig] };
  @Module({
    imports: [configModule, DatabaseModule.forRoot(ENTITIES), QueueModule.forRoot({ jobNames: [] }), OutboxModule.forRoot({ eventNames: [...EVENT_NAMES, PING, POISON] }), AuditModule],
    providers: [Probe],
  })
  class OutboxTestApp {}
  const app = await NestFactory.createApplicationContext(OutboxTestApp, { logger: false, abortOnError: false });
  const queue = app.get(QueuePort);
  if (!(queue instanceof InProcessQueueDriver)) throw new Error('expected the in-process queue driver');
  await queue.startProcessing(app.get(JobRegistry).jobs);
  return { app, relay: app.get(OutboxRelay), probe: app.get(Probe), queue, emitter: app.get(EventEmitter2) };
}

describe('transactional outbox', () => {
  const prefix = `bl-test-outbox-${randomBytes(4).toString('hex')}`;
  let db: TestDatabase;
  let a: RelayApp;
  let b: RelayApp;
  let dataSource: DataSource;
  let outbox: AnyEventOutbox;

  beforeAll(async () => {
    db = await createTestDatabase();
    a = await startRelayApp(db, prefix);
    b = await startRelayApp(db, prefix);
    dataSource = a.app.get(DataSource);
    outbox = a.app.get(OutboxService) as unknown as AnyEventOutbox;
  });

  afterAll(async () => {
    for (const r of [a, b]) {
      if (!r) continue;
      await r.queue.close();
      await r.app.close();
    }
    await db?.drop();
  });

  /** Records events of `type` in one committed transaction; returns their ids. */
  const recordCommitted = (type: string, count: number, organizationId: string | null = null) =>
    dataSource.transaction(async (m) => {
      const ids: string[] = [];
      for (let i = 0; i < count; i++) ids.push(await outbox.record(m, type, { i }, organizationId));
      return ids;
    });

  const outboxRow = async (eventId: string) =>
    (
      await db.dataSource.query(
        `SELECT attempts, last_error, published_at, parked_at,
                extract(epoch FROM next_attempt_at - now())::float AS delay_seconds
           FROM outbox WHERE event_id = $1`,
        [eventId],
      )
    )[0];

  it('never publishes an event whose transaction rolled back, nor one not yet committed', async () => {
    // Open transaction: the relays do not see the row.
    const runner = dataSource.createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    const pendingId = await outbox.record(runner.manager, PING, { pending: true });
    await Promise.all([a.relay.drain(), b.relay.drain()]);
    const seen = () => [...a.probe.pings, ...b.probe.pings].map((e) => e.id);
    expect(seen()).not.toContain(pendingId);
    await runner.rollbackTransaction();
    await runner.release();

    // A transaction that fails after recording its event.
    let failedId = '';
    await expect(
      dataSource.transaction(async (m) => {
        failedId = await outbox.record(m, PING, { doomed: true });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const [committedId] = await recordCommitted(PING, 1);

    await Promise.all([a.relay.drain(), b.relay.drain()]);
    expect(seen()).toContain(committedId);
    expect(seen()).not.toContain(pendingId);
    expect(seen()).not.toContain(failedId);
    const rows = await db.dataSource.query(`SELECT event_id FROM outbox WHERE event_id = ANY($1)`, [[pendingId, failedId]]);
    expect(rows).toEqual([]);
  });

  it('two relays draining at once publish each event exactly once', async () => {
    const N = 200;
    const ids = await recordCommitted(PING, N);
    const before = { a: a.probe.pings.length, b: b.probe.pings.length };

    const [publishedByA, publishedByB] = await Promise.all([a.relay.drain(), b.relay.drain()]);

    const deliveries = new Map<string, number>();
    for (const e of [...a.probe.pings.slice(before.a), ...b.probe.pings.slice(before.b)]) deliveries.set(e.id, (deliveries.get(e.id) ?? 0) + 1);
    expect(ids.filter((id) => deliveries.get(id) !== 1)).toEqual([]);
    expect([...deliveries.keys()].sort()).toEqual([...ids].sort());
    expect(publishedByA + publishedByB).toBe(N);
    // Both relays took part: the work was shared, not serialized behind one of them.
    expect(publishedByA).toBeGreaterThan(0);
    expect(publishedByB).toBeGreaterThan(0);

    const [{ unpublished, published_once }] = await db.dataSource.query(
      `SELECT count(*) FILTER (WHERE published_at IS NULL)::int AS unpublished,
              count(*) FILTER (WHERE published_at IS NOT NULL AND attempts = 1)::int AS published_once
         FROM outbox WHERE event_id = ANY($1)`,
      [ids],
    );
    expect({ unpublished, published_once }).toEqual({ unpublished: 0, published_once: N });
  });

  it('writeWithEvent: the rows a statement writes and one event per row, with columns of the row in its payload, in one transaction', async () => {
    const organizationId = randomUUID();
    const marker = randomUUID();
    const write = (m: EntityManager, labels: string[]) =>
      outbox.writeWithEvent<{ id: string; label: string }>(
        m,
        `INSERT INTO written_things (label) SELECT unnest($1::text[]) RETURNING *`,
        [labels],
        { type: PING, payload: { marker }, organizationId, rowFields: { thingId: 'id', label: 'label' } },
      );
    const eventsOfMarker = async () => (await db.dataSource.query(`SELECT payload FROM outbox WHERE payload->>'marker' = $1`, [marker])).map((r: { payload: unknown }) => r.payload);
    const rows = await dataSource.transaction(async (m) => {
      await m.query(`CREATE TEMP TABLE written_things (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), label text) ON COMMIT DROP`);
      expect(await write(m, [])).toEqual([]);
      return write(m, ['one', 'two']);
    });
    expect(rows.map((r) => r.label)).toEqual(['one', 'two']);
    const byLabel = (x: { label: string }, y: { label: string }) => x.label.localeCompare(y.label);
    expect((await eventsOfMarker()).sort(byLabel)).toEqual([
      { marker, thingId: rows[0].id, label: 'one' },
      { marker, thingId: rows[1].id, label: 'two' },
    ]);

    await Promise.all([a.relay.drain(), b.relay.drain()]);
    const delivered = [...a.probe.pings, ...b.probe.pings].filter((e) => (e.payload as { marker?: string }).marker === marker);
    expect(delivered).toHaveLength(2);
    expect(new Set(delivered.map((e) => e.id)).size).toBe(2);
    expect(delivered.every((e) => e.organizationId === organizationId)).toBe(true);

    // The statement's transaction fails: neither its rows' events nor anything else stays.
    await expect(
      dataSource.transaction(async (m) => {
        await m.query(`CREATE TEMP TABLE written_things (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), label text) ON COMMIT DROP`);
        await write(m, ['three']);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOfMarker()).toHaveLength(2);

    // Only plain names go into the statement.
    await expect(dataSource.transaction((m) => outbox.writeWithEvent(m, 'SELECT 1', [], { type: PING, payload: {}, organizationId, rowFields: { "x'": 'id' } }))).rejects.toThrow('not a plain name');
  });

  it('delivers what the event says', async () => {
    const organizationId = randomUUID();
    const id = await dataSource.transaction((m) => outbox.record(m, PING, { hello: 'world' }, organizationId));
    await a.relay.drain();
    const event = a.probe.pings.find((e) => e.id === id);
    expect(event).toEqual({ id, type: PING, organizationId, payload: { hello: 'world' }, occurredAt: expect.any(String) });
    expect(Number.isNaN(Date.parse(event!.occurredAt))).toBe(false);
  });

  it('a replayed event changes nothing in audit_log (its event id is unique)', async () => {
    const organizationId = randomUUID();
    const [id] = await recordCommitted(DOMAIN_EVENTS.userRegistered, 1, organizationId);
    const auditRows = () => db.dataSource.query(`SELECT type, organization_id, payload FROM audit_log WHERE event_id = $1`, [id]);
    const deliveries = () => [...a.probe.registrations, ...b.probe.registrations].filter((e) => e.id === id).length;

    await a.relay.drain();
    expect(await auditRows()).toEqual([{ type: DOMAIN_EVENTS.userRegistered, organization_id: organizationId, payload: { i: 0 } }]);
    expect(deliveries()).toBe(1);

    // The outbox row is reset (an operator replays it, or a relay died before marking it).
    await db.dataSource.query(`UPDATE outbox SET published_at = NULL WHERE event_id = $1`, [id]);
    await Promise.all([a.relay.drain(), b.relay.drain()]);
    expect(deliveries()).toBe(2);
    expect(await auditRows()).toHaveLength(1);

    // The same batch recorded again, twice at once, by both apps.
    const event = a.probe.registrations.find((e) => e.id === id)!;
    const [{ id: outboxId }] = await db.dataSource.query(`SELECT id FROM outbox WHERE event_id = $1`, [id]);
    const batch = (app: RelayApp) => app.app.get(AuditRecorder).recordBatch({ manager: app.app.get(DataSource).manager, outboxIds: [outboxId], events: [event] });
    await Promise.all([batch(a), batch(b)]);
    expect(await auditRows()).toHaveLength(1);
  });

  it('the audit consumer records one row for every domain event type', async () => {
    const types = Object.values(DOMAIN_EVENTS);
    const ids = await dataSource.transaction(async (m) => {
      const recorded: string[] = [];
      for (const type of types) recorded.push(await outbox.record(m, type, { type }));
      return recorded;
    });
    await Promise.all([a.relay.drain(), b.relay.drain()]);
    const rows: Array<{ event_id: string; type: string }> = await db.dataSource.query(
      `SELECT event_id, type FROM audit_log WHERE event_id = ANY($1) ORDER BY type`,
      [ids],
    );
    expect(rows.map((r) => r.type)).toEqual([...types].sort());
  });

  it("audits a claimed batch in the relay's transaction, domain events only; a batch that fails is neither published nor audited, and is claimed again", async () => {
    const organizationId = randomUUID();
    const ids = await dataSource.transaction(async (m) => [
      await outbox.record(m, DOMAIN_EVENTS.userRegistered, { n: 1 }, organizationId),
      await outbox.record(m, PING, { n: 2 }, organizationId),
    ]);
    const audited = async () => (await db.dataSource.query(`SELECT event_id, payload FROM audit_log WHERE event_id = ANY($1)`, [ids])) as Array<{ event_id: string; payload: unknown }>;
    a.emitter.once(OUTBOX_BATCH_CLAIMED, async () => {
      throw new Error('the batch failed');
    });
    await expect(a.relay.drain()).rejects.toThrow('the batch failed');
    expect(await audited()).toEqual([]);
    expect(a.probe.pings.map((e) => e.id)).not.toContain(ids[1]);
    expect(await outboxRow(ids[0])).toMatchObject({ attempts: 0, published_at: null });

    await a.relay.drain();
    expect(await audited()).toEqual([{ event_id: ids[0], payload: { n: 1 } }]);
    expect(a.probe.pings.map((e) => e.id)).toContain(ids[1]);
    expect((await outboxRow(ids[1])).published_at).not.toBeNull();
  });

  it('retries a failing handler with growing backoff and parks the event after OUTBOX_MAX_ATTEMPTS', async () => {
    const { poisonId, healthyId } = await dataSource.transaction(async (m) => ({
      poisonId: await outbox.record(m, POISON, {}),
      healthyId: await outbox.record(m, PING, {}),
    }));
    const calls = () => a.probe.poisonCalls + b.probe.poisonCalls;
    const startCalls = calls();
    const delays: number[] = [];

    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await a.relay.drain();
      expect(calls() - startCalls).toBe(attempt);
      const row = await outboxRow(poisonId);
      expect(row).toMatchObject({ attempts: attempt, last_error: 'poison pill', published_at: null });
      if (attempt === 1) expect(a.probe.pings.map((e) => e.id)).toContain(healthyId); // one bad event blocks no other
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(row.parked_at).toBeNull();
        expect(row.delay_seconds).toBeGreaterThan(0);
        delays.push(row.delay_seconds);
        // Backoff is honoured: an immediate drain does not retry it.
        await Promise.all([a.relay.drain(), b.relay.drain()]);
        expect(calls() - startCalls).toBe(attempt);
        // Instead of waiting, make it due now.
        await db.dataSource.query(`UPDATE outbox SET next_attempt_at = now() WHERE event_id = $1`, [poisonId]);
      } else {
        expect(row.parked_at).not.toBeNull();
      }
    }
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThan(delays[i - 1]);

    // Parked: never retried again, even when due.
    await db.dataSource.query(`UPDATE outbox SET next_attempt_at = now() WHERE event_id = $1`, [poisonId]);
    await Promise.all([a.relay.drain(), b.relay.drain()]);
    expect(calls() - startCalls).toBe(OUTBOX_MAX_ATTEMPTS);
    expect(await outboxRow(poisonId)).toMatchObject({ attempts: OUTBOX_MAX_ATTEMPTS, published_at: null });
  });

  it('the started relay publishes on its own and stops cleanly', async () => {
    const [id] = await recordCommitted(PING, 1);
    a.relay.start();
    try {
      const deadline = Date.now() + 5000;
      while (!a.probe.pings.some((e) => e.id === id)) {
        if (Date.now() > deadline) throw new Error('the started relay did not publish within 5 s');
        await sleep(20);
      }
    } finally {
      await a.relay.stop();
    }
    expect((await outboxRow(id)).published_at).not.toBeNull();
  });
});
