import { Logger } from '@nestjs/common';
import IORedis, { Redis } from 'ioredis';
import { ProgressBus, ProgressListener, ProgressMessage, ProgressSubscription } from '../progress-bus';

interface Channel {
  listeners: Set<ProgressListener>;
  /** Settles once Redis confirmed the SUBSCRIBE. */
  ready: Promise<unknown>;
}

/**
 * Redis pub/sub: one connection publishes, one (opened on the first subscription) listens to every
 * channel this process watches, with a reference count per channel. Works across any number of API
 * and worker processes sharing the Redis.
 */
export class RedisProgressBus extends ProgressBus {
  readonly kind = 'redis' as const;
  private readonly logger = new Logger('ProgressBus');
  private readonly publisher: Redis;
  private subscriber?: Redis;
  private readonly channels = new Map<string, Channel>();

  constructor(private readonly redisUrl: string, private readonly prefix = 'brandloom') {
    super();
    this.publisher = new IORedis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: true });
    this.publisher.on('error', (error) => this.logger.warn(`publisher: ${error.message}`));
  }

  async publish(channel: string, message: ProgressMessage): Promise<void> {
    await this.publisher.publish(this.key(channel), JSON.stringify(message));
  }

  async subscribe(channel: string, listener: ProgressListener): Promise<ProgressSubscription> {
    const key = this.key(channel);
    let entry = this.channels.get(key);
    if (!entry) {
      entry = { listeners: new Set(), ready: this.connection().subscribe(key) };
      this.channels.set(key, entry);
    }
    entry.listeners.add(listener);
    const current = entry;
    try {
      await current.ready;
    } catch (error) {
      await this.remove(key, current, listener);
      throw error;
    }
    return { unsubscribe: () => this.remove(key, current, listener) };
  }

  async close(): Promise<void> {
    this.channels.clear();
    this.subscriber?.disconnect();
    this.publisher.disconnect();
  }

  private async remove(key: string, entry: Channel, listener: ProgressListener): Promise<void> {
    entry.listeners.delete(listener);
    if (entry.listeners.size > 0 || this.channels.get(key) !== entry) return;
    this.channels.delete(key);
    // Commands on one connection run in order: a later SUBSCRIBE to the same channel still wins.
    await this.subscriber?.unsubscribe(key).catch((error: Error) => this.logger.warn(`unsubscribe ${key}: ${error.message}`));
  }

  private connection(): Redis {
    if (!this.subscriber) {
      // This connection only ever subscribes. ioredis (5.8+, issue #2037) may send its handshake's
      // INFO ready check and CLIENT SETINFO after a queued SUBSCRIBE, which Redis refuses in subscriber
      // mode and which then fails the subscription: this connection sends neither.
      this.subscriber = new IORedis(this.redisUrl, { maxRetriesPerRequest: 3, enableReadyCheck: false, disableClientInfo: true });
      this.subscriber.on('error', (error) => this.logger.warn(`subscriber: ${error.message}`));
      this.subscriber.on('message', (key: string, payload: string) => this.deliver(key, payload));
    }
    return this.subscriber;
  }

  private deliver(key: string, payload: string): void {
    const entry = this.channels.get(key);
    if (!entry) return;
    let message: ProgressMessage;
    try {
      message = JSON.parse(payload) as ProgressMessage;
    } catch {
      return;
    }
    for (const listener of [...entry.listeners]) {
      try {
        listener(message);
      } catch (error) {
        this.logger.warn(`listener of ${key} failed: ${(error as Error).message}`);
      }
    }
  }

  private key(channel: string): string {
    return `${this.prefix}:progress:${channel}`;
  }
}
