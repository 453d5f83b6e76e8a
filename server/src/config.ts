import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  /** A PostgreSQL server; unset means the embedded PGlite under dataDir/pg. */
  databaseUrl: string | undefined;
  production: boolean;
  /** The built shell (index.html, assets, mf-config.json) and remotes (remotes/<name>/<version>/). */
  publicDir: string;
  /** Wider screens get a notice asking for a phone or tablet (spec: "restrict the app to mobile-size screens"). */
  mobileOnly: boolean;
  /** Origins a per-browser staging override may point a remote at; "*" matches any port. */
  mfOverrideOrigins: string[];
  logLevel: string;
  /** Registers GET /__test/slow, which the graceful-shutdown test needs as a genuinely in-flight request. */
  testSlowRoute: boolean;
}

type Env = Record<string, string | undefined>;

// src/config.ts and dist/config.js sit at the same depth, so one relative path serves both.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const production = (env.MERIDIAN_ENV ?? env.NODE_ENV) === 'production';
  const testSlowRoute = env.MERIDIAN_TEST_SLOW_ROUTE === '1';
  if (production && testSlowRoute) throw new Error('MERIDIAN_TEST_SLOW_ROUTE is for tests and refused in production');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    production,
    publicDir: env.PUBLIC_DIR ? path.resolve(cwd, env.PUBLIC_DIR) : path.resolve(SERVER_DIR, '..', 'build', 'public'),
    mobileOnly: parseFlag(env.MOBILE_ONLY, true),
    mfOverrideOrigins:
      env.MF_OVERRIDE_ORIGINS === undefined ? (production ? [] : DEV_OVERRIDE_ORIGINS) : parseList(env.MF_OVERRIDE_ORIGINS),
    logLevel: env.LOG_LEVEL || 'info',
    testSlowRoute,
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got "${value}"`);
  return port;
}

function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function parseList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
