import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../app.js';
import { loadConfig, type Config } from '../config.js';

/** The config a test app runs with: silent logs, development mode, then the test's own settings. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), ...overrides };
}

export async function testApp(overrides: Partial<Config>, deps: AppDeps): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), deps);
  await app.ready();
  return app;
}
