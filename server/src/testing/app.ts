import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';

/**
 * The config a test app runs with: silent logs, development mode, no request-rate limits (tests make many calls
 * from one address; http/abuse-limits.test.ts turns them on), every refusal held to its call's contract (a key the
 * contract does not list answers 500: http/refusal-check.ts), then the test's own settings.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', RATE_LIMITS: 'off', MERIDIAN_CHECK_REFUSALS: '1' }), ...overrides };
}

export async function testApp(overrides: Partial<Config>, deps: AppDeps): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), deps);
  await app.ready();
  return app;
}
