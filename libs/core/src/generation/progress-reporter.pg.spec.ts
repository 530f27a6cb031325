import { createOrganization, createTestDatabase, TestDatabase } from '@brandloom/core/testing';
import { randomUUID } from 'node:crypto';
import { InProcessProgressBus } from '../infra/progress/drivers/in-process.progress-bus';
import { generationChannel, ProgressMessage } from '../infra/progress/progress-bus';
import { AssetsRepository } from '../assets/assets.repository';
import { OutboxRepository } from '../infra/outbox/outbox.repository';
import { OutboxService } from '../infra/outbox/outbox.service';
import { GenerationProgress } from './generation-progress.service';
import { GenerationsRepository } from './generations.repository';
import { PROGRESS_PUBLISH_MS, PROGRESS_WRITE_MS, ProgressReporter } from './progress-reporter';

describe('ProgressReporter', () => {
  let db: TestDatabase;
  let bus: InProcessProgressBus;
  let generationId: string;
  let received: Array<{ progress: unknown; message: unknown }>;

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.drop());

  beforeEach(async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const organization = await createOrganization(db.dataSource);
    generationId = randomUUID();
    await db.dataSource.query(
      `INSERT INTO generations (id, organization_id, prompt, quality, size, variation_count, provider, status, progress, message, cost_per_image, storage_seed)
       VALUES ($1, $2, 'A prompt', 'low', '1024x1024', 1, 'local', 'processing', 5, 'Starting', 1, 'seed')`,
      [generationId, organization.id],
    );
    bus = new InProcessProgressBus();
    received = [];
    await bus.subscribe(generationChannel(generationId), (m: ProgressMessage) => received.push({ progress: m.data.progress, message: m.data.message }));
  });
  afterEach(async () => {
    jest.useRealTimers();
    await bus.close();
  });

  const reporterAt = (progress: number) => {
    const generations = new GenerationsRepository(db.dataSource, new OutboxService(new OutboxRepository(db.dataSource)));
    return new ProgressReporter(generations, new GenerationProgress(generations, new AssetsRepository(db.dataSource), bus), generationId, progress);
  };
  const row = async () => (await db.dataSource.query(`SELECT progress, message FROM generations WHERE id = $1`, [generationId]))[0];

  it('publishes the first step at once and coalesces a burst into its latest step, published when the interval has passed', async () => {
    const reporter = reporterAt(5);
    await reporter.report(5, 'Starting');
    await reporter.report(10, 'Rendering');
    await reporter.report(85, 'Rendered');
    await reporter.report(90, 'Storing');
    expect(received).toEqual([{ progress: 5, message: 'Starting' }]);
    jest.advanceTimersByTime(PROGRESS_PUBLISH_MS - 1);
    expect(received).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(received).toEqual([{ progress: 5, message: 'Starting' }, { progress: 90, message: 'Storing' }]);
    // Steps further apart than the interval each go out at once, never backwards.
    jest.advanceTimersByTime(PROGRESS_PUBLISH_MS);
    await reporter.report(40, 'Lower');
    expect(received[2]).toEqual({ progress: 90, message: 'Lower' });
  });

  it('drops a coalesced step on stop() (the final event supersedes it) and publishes a forced step at once', async () => {
    const reporter = reporterAt(5);
    await reporter.report(5, 'Starting');
    await reporter.report(50, 'Halfway');
    reporter.stop();
    jest.advanceTimersByTime(PROGRESS_PUBLISH_MS * 3);
    expect(received.map((m) => m.progress)).toEqual([5]);
    await reporter.report(60, 'Retrying', true);
    expect(received.map((m) => m.progress)).toEqual([5, 60]);
    expect(await row()).toEqual({ progress: 60, message: 'Retrying' });
  });

  it('writes the row at most every PROGRESS_WRITE_MS, and never past 99', async () => {
    const reporter = reporterAt(5);
    await reporter.report(30, 'Thirty');
    expect(await row()).toEqual({ progress: 5, message: 'Starting' });
    jest.advanceTimersByTime(PROGRESS_WRITE_MS);
    await reporter.report(150, 'Almost');
    expect(await row()).toEqual({ progress: 99, message: 'Almost' });
  });
});
