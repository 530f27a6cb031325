import { ProgressBus, ProgressListener, ProgressMessage, ProgressSubscription } from '../progress-bus';

/** Listeners in this process only: for the start without Redis, where the API also runs the jobs. */
export class InProcessProgressBus extends ProgressBus {
  readonly kind = 'in-process' as const;
  private readonly channels = new Map<string, Set<ProgressListener>>();

  async publish(channel: string, message: ProgressMessage): Promise<void> {
    // A copy, as Redis would deliver: listeners never share the publisher's objects.
    const payload = JSON.stringify(message);
    for (const listener of [...(this.channels.get(channel) ?? [])]) {
      try {
        listener(JSON.parse(payload) as ProgressMessage);
      } catch {
        // One failing listener must not stop the others or the publisher.
      }
    }
  }

  async subscribe(channel: string, listener: ProgressListener): Promise<ProgressSubscription> {
    let listeners = this.channels.get(channel);
    if (!listeners) this.channels.set(channel, (listeners = new Set()));
    listeners.add(listener);
    return {
      unsubscribe: async () => {
        listeners.delete(listener);
        if (listeners.size === 0 && this.channels.get(channel) === listeners) this.channels.delete(channel);
      },
    };
  }

  /** Channels with at least one listener (tests check that streams clean up). */
  get activeChannels(): number {
    return this.channels.size;
  }

  async close(): Promise<void> {
    this.channels.clear();
  }
}
