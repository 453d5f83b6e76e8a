import type { FastifyBaseLogger } from 'fastify';

export interface IntervalJob {
  /** Stops the timer and waits for a run in flight, so nothing touches the database after the app closes. */
  stop(): Promise<void>;
}

/**
 * Runs `run` every intervalMs. A run still going when the next one is due is not overlapped (that tick is skipped);
 * a failed run is logged and the next one tries again. The work itself keeps its state in the database.
 */
export function startIntervalJob(name: string, intervalMs: number, run: () => Promise<unknown>, log: FastifyBaseLogger): IntervalJob {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running) return;
    running = run()
      .then(() => undefined, (error: unknown) => log.error({ err: error }, `${name} failed`))
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
