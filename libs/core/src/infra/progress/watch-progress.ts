import { GENERATION_SSE_EVENTS } from '@brandloom/contracts';
import type { Logger } from '@nestjs/common';
import { Observable } from 'rxjs';
import { ProgressBus, ProgressMessage, ProgressSubscription, subscribeOrPoll } from './progress-bus';

/** Whether the message ends a job's stream (the generation's event names serve every job). */
export function isFinalEvent(message: ProgressMessage): boolean {
  return message.event === GENERATION_SSE_EVENTS.completed || message.event === GENERATION_SSE_EVENTS.error;
}

export interface ProgressWatch {
  bus: ProgressBus;
  channel: string;
  logger: Logger;
  /** Names the job in log lines. */
  what: string;
  /** The job's state now as an event; throws (not found) when the caller may not watch it. */
  current(): Promise<ProgressMessage>;
  /** The job's final event once it has one (re-read every `recheckMs`, in case a message was lost). */
  finalNow(): Promise<ProgressMessage | undefined>;
  recheckMs: number;
}

/**
 * One job's events for a watcher: it subscribes first and then reads the state, so nothing the job
 * publishes in between is lost; then the live messages, progress never going backwards, ending with
 * the final event. Without the bus (Redis restarting) it still ends: the state is re-read.
 */
export async function watchProgress(watch: ProgressWatch): Promise<Observable<ProgressMessage>> {
  const early: ProgressMessage[] = [];
  let forward: ((message: ProgressMessage) => void) | undefined;
  const subscription: ProgressSubscription = await subscribeOrPoll(
    watch.bus,
    watch.channel,
    (message) => (forward ? forward(message) : early.push(message)),
    (error) => watch.logger.warn(`no live progress for ${watch.what} (re-reading the database only): ${error.message}`),
  );
  let first: ProgressMessage;
  try {
    first = await watch.current();
  } catch (error) {
    await subscription.unsubscribe();
    throw error;
  }
  return new Observable<ProgressMessage>((subscriber) => {
    let done = false;
    let lastProgress = -1;
    const emit = (message: ProgressMessage) => {
      if (done) return;
      if (message.event === GENERATION_SSE_EVENTS.progress) {
        const progress = Number(message.data.progress);
        if (progress < lastProgress) return;
        lastProgress = progress;
      }
      subscriber.next(message);
      if (isFinalEvent(message)) {
        done = true;
        subscriber.complete();
      }
    };
    emit(first);
    for (const message of early.splice(0)) emit(message);
    forward = emit;
    const timer = setInterval(() => {
      if (done) return;
      void watch
        .finalNow()
        .then((message) => message && emit(message))
        .catch((error: Error) => watch.logger.warn(`re-reading ${watch.what}: ${error.message}`));
    }, watch.recheckMs);
    timer.unref();
    return () => {
      done = true;
      clearInterval(timer);
      void subscription.unsubscribe();
    };
  });
}
