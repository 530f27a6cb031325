import { Injectable } from '@nestjs/common';
import { GENERATION_JOBS } from './generation/generation-jobs.names';
import type { GenerationRunJob } from './generation/generation.service';
import { JOB_HANDLER_METADATA, OnJob } from './infra/queue/on-job.decorator';
import { InProcessQueueDriver } from './infra/queue/drivers/in-process.driver';
import type { JobContext, QueuePort, RegisteredJob } from './infra/queue/queue.port';
import { JOB_NAMES } from './job-names';

/**
 * Jobs are typed by name: `tsc -p tsconfig.json` (npm run typecheck) checks this file, so each
 * `@ts-expect-error` below fails the typecheck the day the mistake under it compiles.
 */
describe('job payloads (type-checked)', () => {
  it("enqueues 'generation.run' with its payload only", async () => {
    const queue = new InProcessQueueDriver();
    const received: unknown[] = [];
    const recorder = (name: string): RegisteredJob => ({ name, concurrency: 1, attempts: 1, run: async (data) => void received.push(data) });
    await queue.startProcessing([recorder('generation.run'), recorder('generation.runn')]);
    const port: QueuePort = queue;
    try {
      await port.enqueue('generation.run', { generationId: 'g-1' }, { jobId: 'g-1' });
      // @ts-expect-error an unknown key in the payload
      await port.enqueue('generation.run', { generationId: 'g-2', extra: true });
      // @ts-expect-error a key misspelt
      await port.enqueue('generation.run', { generation_id: 'g-3' });
      // @ts-expect-error a payload without its key
      await port.enqueue('generation.run', {});
      // @ts-expect-error another job's payload
      await port.enqueue('generation.run', { formatJobId: 'f-1' });
      // @ts-expect-error a job nobody declares
      await port.enqueue('generation.runn', { generationId: 'g-4' });
      // @ts-expect-error a job with a payload cannot be scheduled (the schedule enqueues it empty)
      await port.schedule('generation.run', 60_000);
      await port.schedule(GENERATION_JOBS.sweep, 60_000);
      await queue.onIdle();
    } finally {
      await queue.close();
    }
    // The queue carries whatever it is given: only the compiler stands between a wrong payload and its handler.
    expect(received).toEqual([{ generationId: 'g-1' }, { generationId: 'g-2', extra: true }, { generation_id: 'g-3' }, {}, { formatJobId: 'f-1' }, { generationId: 'g-4' }]);
    expect(JOB_NAMES).toContain('generation.run');
  });

  it("declares handlers of 'generation.run' with its payload only", () => {
    @Injectable()
    class Handlers {
      @OnJob(GENERATION_JOBS.run)
      async right(data: GenerationRunJob, context: JobContext): Promise<string> {
        return `${data.generationId} ${context.id}`;
      }

      // @ts-expect-error the handler expects another payload
      @OnJob(GENERATION_JOBS.run)
      async wrong(data: { formatJobId: string }): Promise<string> {
        return data.formatJobId;
      }

      // @ts-expect-error a job nobody declares
      @OnJob('generation.runn')
      async unknown(): Promise<void> {}
    }
    const metadata = (method: keyof Handlers) => Reflect.getMetadata(JOB_HANDLER_METADATA, Handlers.prototype[method]);
    expect(metadata('right')).toEqual({ name: 'generation.run' });
    expect(metadata('wrong')).toEqual({ name: 'generation.run' });
  });
});
