import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildApp } from '../app.js';
import { RAW_ROUTE } from '../http/contract-guard.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/db.js';
import { marketModule } from '../modules/market/module.js';
import { walletModule } from '../modules/wallet/module.js';
import { runCommand } from '../ops/commands.js';
import { testConfig } from '../testing/app.js';
import type { AnyModule } from './define-module.js';

/** A store that is never reached: these modules do not touch the database. */
const unusedDb = { kind: 'pglite', query: () => Promise.reject(new Error('no database here')) } as unknown as Db;

type Prices = { quote(): { price: string } };
const pricesOf = (services: object) => (services as { market: Prices }).market;

function recordingModules(events: string[]): AnyModule[] {
  const hooks = (name: string) => ({
    seed: async () => void events.push(`seed ${name}`),
    streams: () => void events.push(`streams ${name}`),
    start: async () => void events.push(`start ${name}`),
    stop: async () => void events.push(`stop ${name}`),
  });
  return [
    {
      name: 'prices',
      ...hooks('prices'),
      setup: () => {
        events.push('setup prices');
        return { market: { quote: () => ({ price: '42' }) } };
      },
      routes: ({ services }) => ({
        '/api/market': async (app) => void app.get('/price', { config: RAW_ROUTE }, async () => pricesOf(services).quote()),
      }),
    },
    // Needs nothing, provides nothing, no routes and no jobs: only operator commands.
    {
      name: 'bare',
      ...hooks('bare'),
      opsCommands: [{ name: 'bare:hello', usage: 'bare:hello', summary: 'test', changes: false, run: async (_a, _d, { print }) => print('hello') }],
    },
    {
      name: 'valuation',
      needs: ['market'],
      ...hooks('valuation'),
      setup: ({ services }) => {
        events.push(`setup valuation sees ${Object.keys(services).join(',')}`);
        return {};
      },
      routes: ({ services }) => ({
        // a test route, not a real call: declared raw so the contract guard lets it through
        '/asset/api': async (app) => void app.get('/value', { config: RAW_ROUTE }, async () => ({ value: pricesOf(services).quote().price })),
      }),
      jobs: () => [{ kind: 'valuation.refresh', everyMs: 60_000, run: async () => undefined }],
    },
  ];
}

test('the module list starts in order, serves each module under its prefix, and stops in reverse order', async () => {
  const events: string[] = [];
  const app = await buildApp(testConfig(), { db: unusedDb, modules: recordingModules(events), jobs: false });
  await app.ready();
  assert.deepEqual(events, [
    'seed prices', 'setup prices', 'seed bare', 'seed valuation', 'setup valuation sees market',
    'streams prices', 'streams bare', 'streams valuation',
    'start prices', 'start bare', 'start valuation',
  ]);
  assert.deepEqual((await app.inject({ url: '/api/market/price' })).json(), { price: '42' });
  assert.deepEqual((await app.inject({ url: '/asset/api/value' })).json(), { value: '42' });
  assert.equal((await app.inject({ url: '/asset/api/price' })).statusCode, 404, 'routes stay under their own prefix');
  events.length = 0;
  await app.close();
  assert.deepEqual(events, ['stop valuation', 'stop bare', 'stop prices']);
});

test('a module sees only the services it needs; a module whose needs come later, or a service provided twice, refuses to start', async () => {
  const events: string[] = [];
  const [prices, bare, valuation] = recordingModules(events) as [AnyModule, AnyModule, AnyModule];
  await assert.rejects(buildApp(testConfig(), { db: unusedDb, modules: [valuation, prices], jobs: false }), /Module "valuation" needs "market", which no module before it provides/);
  await assert.rejects(buildApp(testConfig(), { db: unusedDb, modules: [prices, { ...prices, name: 'prices-2' }], jobs: false }), /provides "market", which an earlier module already provides/);
  await assert.rejects(buildApp(testConfig(), { db: unusedDb, modules: [bare, bare], jobs: false }), /Two modules are named "bare"/);
  await assert.rejects(buildApp(testConfig(), { db: unusedDb, modules: [bare, { ...bare, name: 'other' }], jobs: false }), /"bare:hello" of module "other" is declared twice/);
  // The real modules: the wallet values assets at the market's prices, so it must come after it.
  await assert.rejects(buildApp(testConfig(), { db: unusedDb, modules: [walletModule, marketModule], jobs: false }), /"wallet" needs "market"/);
});

test('a failing seed is logged, not fatal; the modules declare their commands and jobs', async () => {
  const events: string[] = [];
  const modules = recordingModules(events);
  const failing: AnyModule = { name: 'seeded', seed: async () => Promise.reject(new Error('store down')) };
  const { mountModules } = await import('./mount-modules.js');
  const fastify = (await import('fastify')).default;
  const app = fastify();
  const context = { config: testConfig(), db: unusedDb, clock: () => new Date() } as unknown as AppContext;
  const mounted = await mountModules(app, context, [failing, ...modules]);
  assert.deepEqual(mounted.jobs.map((job) => job.kind), ['valuation.refresh']);
  const lines: string[] = [];
  await runCommand(['bare:hello'], { operator: 't', db: async () => unusedDb, print: (line) => lines.push(line) }, mounted.opsCommands);
  assert.deepEqual(lines, ['hello']);
  await app.close();
});
