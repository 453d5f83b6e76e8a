import { randomUUID } from 'node:crypto';
import type { Bus, RedisBus } from './bus.js';
import { createRedisBus } from './bus.js';
import { AdvisoryLeadership, SINGLE_PROCESS, type Leadership } from './leadership.js';

/**
 * How this process takes part in the venue. Single-process (the default, PGlite or PostgreSQL without REDIS_URL):
 * no bus, always the leader, everything as one process did. Cluster mode (DATABASE_URL and REDIS_URL): a Redis bus
 * between the processes and a leader chosen by PostgreSQL (leadership.ts).
 */
export interface Cluster {
  readonly processId: string;
  readonly leadership: Leadership;
  /** Undefined in single-process mode. */
  readonly bus: Bus | undefined;
  /** The shared store of the rate limits; undefined in single-process mode. */
  readonly redis: RedisBus['redis'] | undefined;
  readonly prefix: string;
  start(): Promise<void>;
  close(): Promise<void>;
}

export const SINGLE: Cluster = {
  processId: 'single',
  leadership: SINGLE_PROCESS,
  bus: undefined,
  redis: undefined,
  prefix: '',
  start: async () => undefined,
  close: async () => undefined,
};

export function openCluster(
  settings: { databaseUrl: string | undefined; redisUrl: string | undefined; redisPrefix: string; leaderPollMs?: number },
  onError: (err: unknown, what: string) => void,
): Cluster {
  if (!settings.databaseUrl || !settings.redisUrl) return SINGLE;
  const processId = randomUUID();
  const bus = createRedisBus(settings.redisUrl, { prefix: settings.redisPrefix, processId, onError: (err) => onError(err, 'redis') });
  const leadership = new AdvisoryLeadership(settings.databaseUrl, { pollMs: settings.leaderPollMs, onError: (err) => onError(err, 'leadership') });
  return {
    processId,
    leadership,
    bus,
    redis: bus.redis,
    prefix: settings.redisPrefix,
    async start() {
      await bus.ready();
      await leadership.start();
    },
    async close() {
      await leadership.stop();
      await bus.close();
    },
  };
}
