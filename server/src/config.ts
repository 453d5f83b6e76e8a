import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_ABUSE_LIMITS, type AbuseLimits } from './http/abuse-limits.js';
import { compareVersions, isVersion } from './modules/app-version/version.js';
import { marketConfig, type MarketConfig } from './modules/market/config.js';
import { deliveryConfig, type DeliveryConfig } from './modules/outbox/config.js';
import { moneyConfig, type MoneyConfig } from './modules/wallet/config.js';

export interface Config {
  port: number;
  host: string;
  /** Where the embedded database and other local state live. */
  dataDir: string;
  /** A PostgreSQL server; unset means the embedded PGlite under dataDir/pg. */
  databaseUrl: string | undefined;
  /**
   * Redis (REDIS_URL): with DATABASE_URL, cluster mode (src/cluster): several processes serve one venue, a leader
   * owns the feed and the triggers, pushes and ticks travel over Redis, the rate limits are counted there. Unset: one
   * process, as always. REDIS_PREFIX (default `meridian:`) names the venue's channels and keys.
   */
  redisUrl: string | undefined;
  redisPrefix: string;
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
  /**
   * Tests only (MERIDIAN_TEST_CLOCK, an ISO instant): the app's clock starts there and runs on in real time, so an
   * end-to-end test can show a market closed (a weekend) or open whatever day it runs. Refused in production.
   */
  testClockStart: number | undefined;
  /**
   * Tests (on in testConfig; MERIDIAN_CHECK_REFUSALS=1 elsewhere, refused in production): a refusal its call's
   * contract does not list answers HTTP 500 naming the breach (http/refusal-check.ts).
   */
  checkRefusals: boolean;
  /** The current release (major.minor.patch) that app-version/get-version offers to every platform. */
  appVersion: string;
  /** Clients below this version must update; defaults to appVersion. */
  appMinVersion: string;
  appUpdateDescription: string;
  /** Where the update dialog's hot (in-place) and full updates come from; '' means none. */
  appUpdateUrlHot: string;
  appUpdateUrlFull: string;
  /** App download QR entries (app-version/app-qr); none by default. */
  appQrLinks: AppQrLink[];
  /** Customer service chat address shown to logged-in users; '' means none configured. */
  customerServiceUrl: string;
  /** The company's website (website-company page); '' means none configured. */
  companyWebsite: string;
  /** Market data: the simulated feed's seed and tick, K-line flush and backfill, stream key and back-pressure. */
  market: MarketConfig;
  /** Money: the demo balance, deposits, withdrawals and loans. */
  money: MoneyConfig;
  /** Verification codes: the SMTP server and the SMS webhook (modules/outbox/config.ts). */
  delivery: DeliveryConfig;
  /** Identity: how long a session token lives (SESSION_TTL_HOURS, default 168 = 7 days). */
  sessionTtlHours: number;
  /** A public invitation code seeded at start (SEED_INVITATION_CODE, default MERIDIAN; '' seeds none). */
  seedInvitationCode: string;
  /** KYC submissions are verified at once, audited as 'auto-review' (KYC_AUTO_REVIEW; default on outside production). */
  kycAutoReview: boolean;
  /** Failed logins in a row that lock the account for a while (LOGIN_LOCK_AFTER, default 10). */
  loginLockAfter: number;
  /**
   * How long the first lock lasts (LOGIN_LOCK_MINUTES, default 15); each further lock in a row lasts twice the one
   * before, at most a day. A successful login, a password reset or `pnpm ops user:unlock` starts over.
   */
  loginLockMinutes: number;
  /** From the third failed login in a row, each answer waits this many ms more, at most 5 s (LOGIN_SLOWDOWN_MS, default 250). */
  loginSlowdownMs: number;
  /** Per-address and global limits on login, codes, registration and recovery (RATE_LIMITS=off turns them off). */
  abuseLimits: AbuseLimits;
  /**
   * Per-user order limits (modules/trading/order-limits.ts), counted in the database: orders placed a minute
   * (ORDER_RATE_PER_MINUTE, default 60) and resting limit orders open at once per account mode (OPEN_ORDERS_MAX,
   * default 200).
   */
  orderLimits: { perMinute: number; maxOpen: number };
  /**
   * Fastify's trustProxy (TRUST_PROXY, default off): which proxy in front may name the client address in
   * X-Forwarded-For: `true` (any: only when nothing else can reach the server) or the proxy's addresses/CIDRs
   * (`loopback`, `10.0.0.0/8`, …). Off, the client address is the connection's peer.
   */
  trustProxy: boolean | string[];
}

export interface AppQrLink {
  platform: string;
  url: string;
}

type Env = Record<string, string | undefined>;

// src/config.ts and dist/config.js sit at the same depth, so one relative path serves both.
const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEV_OVERRIDE_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Config {
  const production = (env.MERIDIAN_ENV ?? env.NODE_ENV) === 'production';
  const testSlowRoute = env.MERIDIAN_TEST_SLOW_ROUTE === '1';
  if (production && testSlowRoute) throw new Error('MERIDIAN_TEST_SLOW_ROUTE is for tests and refused in production');
  const testClockStart = parseTestClock(env.MERIDIAN_TEST_CLOCK, production);
  const checkRefusals = env.MERIDIAN_CHECK_REFUSALS === '1';
  if (production && checkRefusals) throw new Error('MERIDIAN_CHECK_REFUSALS is for tests and refused in production');
  return {
    port: parsePort(env.PORT),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(cwd, env.DATA_DIR || 'data'),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'meridian:',
    production,
    publicDir: env.PUBLIC_DIR ? path.resolve(cwd, env.PUBLIC_DIR) : path.resolve(SERVER_DIR, '..', 'build', 'public'),
    mobileOnly: parseFlag(env.MOBILE_ONLY, true),
    mfOverrideOrigins:
      env.MF_OVERRIDE_ORIGINS === undefined ? (production ? [] : DEV_OVERRIDE_ORIGINS) : parseList(env.MF_OVERRIDE_ORIGINS),
    logLevel: env.LOG_LEVEL || 'info',
    testSlowRoute,
    testClockStart,
    checkRefusals,
    ...appVersionConfig(env),
    appQrLinks: parseQrLinks(env.APP_QR_LINKS),
    customerServiceUrl: parseUrl('CUSTOMER_SERVICE_URL', env.CUSTOMER_SERVICE_URL),
    companyWebsite: parseUrl('COMPANY_WEBSITE', env.COMPANY_WEBSITE),
    market: marketConfig(env),
    sessionTtlHours: parsePositiveInt('SESSION_TTL_HOURS', env.SESSION_TTL_HOURS, 168),
    seedInvitationCode: parseInvitationCode(env.SEED_INVITATION_CODE),
    kycAutoReview: parseFlag(env.KYC_AUTO_REVIEW, !production),
    money: moneyConfig(env),
    delivery: deliveryConfig(env),
    loginLockAfter: parsePositiveInt('LOGIN_LOCK_AFTER', env.LOGIN_LOCK_AFTER, 10),
    loginLockMinutes: parsePositiveInt('LOGIN_LOCK_MINUTES', env.LOGIN_LOCK_MINUTES, 15),
    abuseLimits: { ...DEFAULT_ABUSE_LIMITS, enabled: parseFlag(env.RATE_LIMITS, true) },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    loginSlowdownMs: parseNonNegativeInt('LOGIN_SLOWDOWN_MS', env.LOGIN_SLOWDOWN_MS, 250),
    orderLimits: {
      perMinute: parsePositiveInt('ORDER_RATE_PER_MINUTE', env.ORDER_RATE_PER_MINUTE, 60),
      maxOpen: parsePositiveInt('OPEN_ORDERS_MAX', env.OPEN_ORDERS_MAX, 200),
    },
  };
}

function parseTestClock(value: string | undefined, production: boolean): number | undefined {
  if (!value) return undefined;
  if (production) throw new Error('MERIDIAN_TEST_CLOCK is for tests and refused in production');
  const start = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value) ? Date.parse(value) : NaN;
  if (Number.isNaN(start)) throw new Error(`MERIDIAN_TEST_CLOCK must be an ISO instant with its zone (2026-06-13T12:00:00Z), got "${value}"`);
  return start;
}

/** A clock that reads `start` now and runs on from there at the system clock's pace. */
export function clockFrom(start: number, system: () => number = Date.now): () => Date {
  const offset = start - system();
  return () => new Date(system() + offset);
}

function appVersionConfig(env: Env) {
  const appVersion = env.APP_VERSION?.trim() || '1.0.0';
  const appMinVersion = env.APP_MIN_VERSION?.trim() || appVersion;
  if (!isVersion(appVersion)) throw new Error(`APP_VERSION must be major.minor.patch, got "${appVersion}"`);
  if (!isVersion(appMinVersion)) throw new Error(`APP_MIN_VERSION must be major.minor.patch, got "${appMinVersion}"`);
  if (compareVersions(appMinVersion, appVersion) > 0) {
    throw new Error(`APP_MIN_VERSION (${appMinVersion}) is above APP_VERSION (${appVersion})`);
  }
  return {
    appVersion,
    appMinVersion,
    appUpdateDescription: env.APP_UPDATE_DESCRIPTION ?? '',
    appUpdateUrlHot: parseUrl('APP_UPDATE_URL_HOT', env.APP_UPDATE_URL_HOT),
    appUpdateUrlFull: parseUrl('APP_UPDATE_URL_FULL', env.APP_UPDATE_URL_FULL),
  };
}

/** '' when unset; otherwise an absolute http(s) URL or a site-relative path ("/..."), refused at start if not. */
function parseUrl(name: string, value: string | undefined): string {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return '';
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`${name} must be an http(s) URL or a path starting with "/", got "${trimmed}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL or a path starting with "/", got "${trimmed}"`);
  }
  return trimmed;
}

function parseQrLinks(value: string | undefined): AppQrLink[] {
  if (value === undefined || value.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new Error('APP_QR_LINKS must be a JSON array of {"platform","url"}');
  }
  if (!Array.isArray(parsed)) throw new Error('APP_QR_LINKS must be a JSON array of {"platform","url"}');
  return parsed.map((entry: unknown, index) => {
    const { platform, url } = (entry ?? {}) as Record<string, unknown>;
    if (typeof platform !== 'string' || platform.trim() === '' || typeof url !== 'string') {
      throw new Error(`APP_QR_LINKS[${index}] must be {"platform": string, "url": string}`);
    }
    const checked = parseUrl(`APP_QR_LINKS[${index}].url`, url);
    if (checked === '') throw new Error(`APP_QR_LINKS[${index}].url is empty`);
    return { platform: platform.trim(), url: checked };
  });
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be an integer 0-65535, got "${value}"`);
  return port;
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return n;
}

function parseNonNegativeInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function parseInvitationCode(value: string | undefined): string {
  if (value === undefined) return 'MERIDIAN';
  const code = value.trim().toUpperCase();
  if (code !== '' && !/^[A-Z0-9]{4,16}$/.test(code)) throw new Error(`SEED_INVITATION_CODE must be 4-16 letters or digits, got "${value}"`);
  return code;
}

function parseFlag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

function parseTrustProxy(value: string | undefined): boolean | string[] {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|0|no|off)$/i.test(text)) return false;
  if (/^(true|1|yes|on)$/i.test(text)) return true;
  return parseList(text);
}

function parseList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}
