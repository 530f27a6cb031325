import { describeWithRedis } from '@brandloom/core/testing';
import { randomBytes } from 'node:crypto';
import { InProcessProgressBus } from './drivers/in-process.progress-bus';
import { RedisProgressBus } from './drivers/redis.progress-bus';
import { ProgressBus, ProgressMessage, subscribeOrPoll } from './progress-bus';
import { formatSseComment, formatSseEvent, SseParser } from './sse';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(10);
  }
}

/** The behaviour both drivers share. */
function behavesAsABus(make: () => { publisher: ProgressBus; subscriber: ProgressBus }) {
  let buses: { publisher: ProgressBus; subscriber: ProgressBus };
  beforeEach(() => (buses = make()));
  afterEach(async () => {
    await buses.publisher.close();
    if (buses.subscriber !== buses.publisher) await buses.subscriber.close();
  });

  it('delivers what is published after subscribe() resolved, in order, to every listener of the channel only', async () => {
    const a: ProgressMessage[] = [];
    const b: ProgressMessage[] = [];
    const other: ProgressMessage[] = [];
    await buses.subscriber.subscribe('generation:1', (m) => a.push(m));
    await buses.subscriber.subscribe('generation:1', (m) => b.push(m));
    await buses.subscriber.subscribe('generation:2', (m) => other.push(m));
    for (let i = 0; i < 5; i += 1) await buses.publisher.publish('generation:1', { event: 'progress', data: { progress: i } });
    await until(() => a.length === 5 && b.length === 5);
    expect(a.map((m) => m.data.progress)).toEqual([0, 1, 2, 3, 4]);
    expect(b).toEqual(a);
    expect(other).toEqual([]);
  });

  it('stops delivering after unsubscribe, and keeps the other listeners', async () => {
    const a: ProgressMessage[] = [];
    const b: ProgressMessage[] = [];
    const first = await buses.subscriber.subscribe('generation:3', (m) => a.push(m));
    await buses.subscriber.subscribe('generation:3', (m) => b.push(m));
    await first.unsubscribe();
    await buses.publisher.publish('generation:3', { event: 'completed', data: {} });
    await until(() => b.length === 1);
    await sleep(50);
    expect(a).toEqual([]);
  });

  it('a throwing listener does not stop the others', async () => {
    const seen: ProgressMessage[] = [];
    await buses.subscriber.subscribe('generation:4', () => {
      throw new Error('boom');
    });
    await buses.subscriber.subscribe('generation:4', (m) => seen.push(m));
    await buses.publisher.publish('generation:4', { event: 'progress', data: { progress: 1 } });
    await until(() => seen.length === 1);
  });
}

describe('in-process progress bus', () => {
  behavesAsABus(() => {
    const bus = new InProcessProgressBus();
    return { publisher: bus, subscriber: bus };
  });

  it('forgets a channel once its last listener left', async () => {
    const bus = new InProcessProgressBus();
    const sub = await bus.subscribe('x', () => undefined);
    expect(bus.activeChannels).toBe(1);
    await sub.unsubscribe();
    expect(bus.activeChannels).toBe(0);
  });
});

describeWithRedis('Redis progress bus (two connections, as two processes would have)', () => {
  const prefix = `bl-test-${randomBytes(4).toString('hex')}`;
  behavesAsABus(() => ({
    publisher: new RedisProgressBus(process.env.REDIS_URL!, prefix),
    subscriber: new RedisProgressBus(process.env.REDIS_URL!, prefix),
  }));

  it('keeps deployments with different prefixes apart', async () => {
    const mine = new RedisProgressBus(process.env.REDIS_URL!, prefix);
    const theirs = new RedisProgressBus(process.env.REDIS_URL!, `${prefix}-other`);
    try {
      const seen: ProgressMessage[] = [];
      await mine.subscribe('generation:9', (m) => seen.push(m));
      await theirs.publish('generation:9', { event: 'progress', data: {} });
      await mine.publish('generation:9', { event: 'completed', data: {} });
      await until(() => seen.length === 1);
      await sleep(50);
      expect(seen.map((m) => m.event)).toEqual(['completed']);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });
});

describe('subscribeOrPoll', () => {
  it('answers a subscription that receives nothing when Redis cannot be reached, and says why', async () => {
    const unreachable = new RedisProgressBus('redis://127.0.0.1:1', 'bl-test-unreachable');
    try {
      const problems: string[] = [];
      const subscription = await subscribeOrPoll(unreachable, 'generation:1', () => undefined, (error) => problems.push(error.message));
      expect(problems).toHaveLength(1);
      await expect(subscription.unsubscribe()).resolves.toBeUndefined();
    } finally {
      await unreachable.close();
    }
  });
});

describe('SSE format and parser', () => {
  it('round-trips events split across chunks, skipping comments', () => {
    const wire = `retry: 3000\n${formatSseComment('connected')}${formatSseEvent('progress', { progress: 5, message: 'a\nb' })}${formatSseEvent('close', {})}`;
    const parser = new SseParser();
    const events = [...wire].flatMap((char) => parser.push(char));
    expect(events).toEqual([
      { event: 'progress', data: JSON.stringify({ progress: 5, message: 'a\nb' }), id: undefined },
      { event: 'close', data: '{}', id: undefined },
    ]);
    expect(parser.comments).toBe(1);
  });

  it('never lets an event name or data break the framing', () => {
    expect(formatSseEvent('evil\n\ndata: x', { text: '\n\n' })).toBe('event: evildata: x\ndata: {"text":"\\n\\n"}\n\n');
  });
});
