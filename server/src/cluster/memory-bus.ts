import type { Bus, BusHandler } from './bus.js';
import type { Leadership } from './leadership.js';

/** Tests: the bus of several in-process "processes", delivered at once and in order, as Redis would in order. */
export function memoryHub() {
  const handlers = new Map<string, Set<{ processId: string; handler: BusHandler<unknown> }>>();
  return {
    bus(processId: string): Bus {
      return {
        publish(channel, message) {
          const copy = JSON.parse(JSON.stringify(message)) as unknown;
          for (const { processId: to, handler } of handlers.get(channel) ?? []) handler(copy, to === processId);
        },
        subscribe<T>(channel: string, handler: BusHandler<T>) {
          let set = handlers.get(channel);
          if (!set) handlers.set(channel, (set = new Set()));
          const entry = { processId, handler: handler as BusHandler<unknown> };
          set.add(entry);
          return () => void set.delete(entry);
        },
      };
    },
  };
}

/** Tests: leadership decided by hand. */
export class ManualLeadership implements Leadership {
  isLeader = false;
  private readonly listeners = new Set<(leader: boolean) => void | Promise<void>>();
  onChange(listener: (leader: boolean) => void | Promise<void>): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  async start(): Promise<void> {}
  async stop(): Promise<void> {
    if (this.isLeader) await this.set(false);
  }
  async set(leader: boolean): Promise<void> {
    this.isLeader = leader;
    for (const listener of this.listeners) await listener(leader);
  }
}
