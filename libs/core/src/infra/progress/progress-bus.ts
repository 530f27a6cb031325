import type { Logger } from '@nestjs/common';

/** One message on a progress channel: an SSE-style event name and its JSON data. */
export interface ProgressMessage {
  event: string;
  data: Record<string, unknown>;
}

export type ProgressListener = (message: ProgressMessage) => void;

export interface ProgressSubscription {
  unsubscribe(): Promise<void>;
}

/**
 * Live progress between processes: the worker publishes on a channel (one per generation or batch),
 * API processes subscribed to it forward the messages to their SSE clients. Delivery is
 * best-effort (pub/sub): readers pair it with the state in the database.
 * Drivers: Redis pub/sub (REDIS_URL set) and in-process (the zero-dependency start).
 */
export abstract class ProgressBus {
  abstract readonly kind: 'redis' | 'in-process';
  abstract publish(channel: string, message: ProgressMessage): Promise<void>;
  /** Resolves once the subscription is active: whatever is published after that reaches `listener`. */
  abstract subscribe(channel: string, listener: ProgressListener): Promise<ProgressSubscription>;
  abstract close(): Promise<void>;
}

/**
 * Subscribes, or, when the bus cannot be reached (Redis restarting), returns a subscription that
 * receives nothing and reports why through `onUnavailable`: watchers re-read the database too, so
 * their stream still ends with the final state instead of failing.
 */
export async function subscribeOrPoll(
  bus: ProgressBus,
  channel: string,
  listener: ProgressListener,
  onUnavailable: (error: Error) => void,
): Promise<ProgressSubscription> {
  try {
    return await bus.subscribe(channel, listener);
  } catch (error) {
    onUnavailable(error as Error);
    return { unsubscribe: async () => undefined };
  }
}

/**
 * Publishes best-effort: a failure is logged as a warning (`<what> not published: <why>`) and never
 * fails the job, since watchers also re-read the database.
 */
export async function publishBestEffort(bus: ProgressBus, channel: string, message: ProgressMessage, logger: Logger, what: string): Promise<void> {
  try {
    await bus.publish(channel, message);
  } catch (error) {
    logger.warn(`${what} not published: ${(error as Error).message}`);
  }
}

/** Channel of one generation's progress. */
export function generationChannel(generationId: string): string {
  return `generation:${generationId}`;
}

/** Channel of a bulk batch's progress. */
export function batchChannel(batchId: string): string {
  return `batch:${batchId}`;
}
