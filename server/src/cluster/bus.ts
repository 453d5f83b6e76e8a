import { Redis } from 'ioredis';

/** A message's handler; `fromSelf` is true for what this process published (Redis delivers it back). */
export type BusHandler<T> = (message: T, fromSelf: boolean) => void;

/**
 * The processes' shared channel (cluster mode): ticks from the feed's owner, user pushes, trigger and cross-account
 * changes. Delivery is at most once and in publish order per channel (Redis pub/sub): what must not be lost is in
 * the database, and whoever needs it rebuilds from there (a new leader reloads the trigger index).
 */
export interface Bus {
  publish(channel: string, message: unknown): void;
  subscribe<T>(channel: string, handler: BusHandler<T>): () => void;
}

export interface RedisBus extends Bus {
  /** The command connection, shared with the rate-limit store. */
  readonly redis: Redis;
  /** Resolves once both connections are up and every channel subscribed so far is live (or after 5 s). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export function createRedisBus(url: string, options: { prefix: string; processId: string; onError?: (err: unknown) => void }): RedisBus {
  const { prefix, processId } = options;
  const onError = options.onError ?? (() => undefined);
  // commands fail fast while Redis is away: a push or a tick is a hint, and a rate-limit check must not hang a request
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 2_000 });
  const connected = new Promise<void>((resolve) => (redis.status === 'ready' ? resolve() : redis.once('ready', () => resolve())));
  const sub = new Redis(url, { maxRetriesPerRequest: null });
  redis.on('error', onError);
  sub.on('error', onError);
  const handlers = new Map<string, Set<BusHandler<unknown>>>();
  let subscribing: Promise<unknown> = Promise.resolve();
  sub.on('message', (channel: string, raw: string) => {
    const set = handlers.get(channel.slice(prefix.length));
    if (!set?.size) return;
    let envelope: { o: string; m: unknown };
    try {
      envelope = JSON.parse(raw) as { o: string; m: unknown };
    } catch {
      return;
    }
    for (const handler of set) {
      try {
        handler(envelope.m, envelope.o === processId);
      } catch (err) {
        onError(err);
      }
    }
  });
  return {
    redis,
    publish(channel, message) {
      redis.publish(prefix + channel, JSON.stringify({ o: processId, m: message })).catch(onError);
    },
    subscribe<T>(channel: string, handler: BusHandler<T>) {
      let set = handlers.get(channel);
      if (!set) {
        handlers.set(channel, (set = new Set()));
        subscribing = subscribing.then(() => sub.subscribe(prefix + channel)).catch(onError);
      }
      set.add(handler as BusHandler<unknown>);
      return () => void set.delete(handler as BusHandler<unknown>);
    },
    // at most a few seconds: a Redis that is away at start delays nothing else (the bus joins when it answers)
    ready: () =>
      Promise.race([
        Promise.all([connected, subscribing]).then(() => undefined),
        new Promise<void>((resolve) => setTimeout(resolve, 5_000).unref()),
      ]),
    async close() {
      await Promise.allSettled([sub.quit(), redis.quit()]);
    },
  };
}
