import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { seconds, trading, wallet } from '@meridian/contracts';
import { CONTRACTS, openApiDocument } from '@meridian/contracts/schemas';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';
import { requireContracts } from './contract-guard.js';
import { errorHandler } from './errors.js';
import { route } from './route.js';
import { validatorCompiler } from './validation.js';

test('an API route without a contract stops start-up; one from a contract starts', async () => {
  const bare = Fastify();
  requireContracts(bare);
  await assert.rejects(async () => {
    await bare.register(async (group) => void group.get('/account/list', async () => 'no contract'), { prefix: '/asset/api' });
    await bare.ready();
  }, /has no contract/);
  await bare.close();

  const good = Fastify();
  requireContracts(good);
  good.get('/health', async () => 'not an API route');
  await good.register(async (group) => route(group, wallet.resetDemo, () => ({ totalUsdt: '0', wallets: [] })), { prefix: '/asset/api' });
  await good.ready();
  await good.close();
});

test('the reply schema drops fields the contract does not name', async () => {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(errorHandler);
  route(app, wallet.convertCurrencies, () => [{ asset: 'BTC', name: 'Bitcoin', scale: 8, secret: 'internal' } as never]);
  const res = await app.inject({ method: 'GET', url: wallet.convertCurrencies.path });
  assert.deepEqual(res.json(), { code: 0, msg: 'ok', data: [{ asset: 'BTC', name: 'Bitcoin', scale: 8 }] });
  await app.close();
});

test('the whole app starts (every API route from a contract, or raw), /docs/openapi.json lists every contract, and the reference page is served outside production', async () => {
  const { db, cleanup } = await testDb();
  const app = await testApp({}, { db });
  try {
    const res = await app.inject({ method: 'GET', url: '/docs/openapi.json' });
    assert.equal(res.statusCode, 200);
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, { operationId: string }>> };
    assert.equal(doc.openapi, '3.1.0');
    for (const { call, domain, name } of CONTRACTS) {
      assert.equal(doc.paths[call.path]?.[call.method.toLowerCase()]?.operationId, `${domain}.${name}`, `${call.method} ${call.path}`);
    }
    const page = await app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(page.statusCode, 200, 'the reference page outside production');
  } finally {
    await app.close();
    await cleanup();
  }
});

test('the OpenAPI document lists the refusal keys of each operation by HTTP status, as its contract lists them', () => {
  const doc = openApiDocument(CONTRACTS, { title: 't', version: '0' }) as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, { content: { 'application/json': { schema: Record<string, unknown> } } }> }>>;
  };
  type Reasons = { properties: { reason: { enum?: string[] } } };
  const reasonsOf = (call: { method: string; path: string }, status: number): string[] => {
    const schema = doc.paths[call.path]![call.method.toLowerCase()]!.responses[status]?.content['application/json'].schema;
    if (!schema) return [];
    const refusal = (status === 200 ? (schema.oneOf as unknown[])[1] : schema) as Reasons;
    return refusal.properties.reason.enum ?? [];
  };
  // a business refusal answers HTTP 200 beside the data; input, rate and server failures their own status
  assert.ok(reasonsOf(wallet.convert, 200).includes('rateMoved'));
  assert.ok(reasonsOf(wallet.convert, 200).includes('sessionExpired'));
  assert.ok(!reasonsOf(wallet.transfer, 200).includes('rateMoved'));
  assert.ok(reasonsOf(wallet.transfer, 400).includes('invalidAmount'), 'the amount schema’s x-reason');
  assert.deepEqual(reasonsOf(wallet.transfer, 429), ['tooManyRequests']);
  assert.deepEqual(reasonsOf(wallet.transfer, 500), ['internal']);
  assert.deepEqual(reasonsOf(trading.spotCreate, 429), ['tooManyOrders', 'tooManyRequests']);
  assert.deepEqual(reasonsOf(seconds.productList, 404), ['unknownSymbol']);
  // every listed key is documented under some status
  for (const { call, domain, name, schema } of CONTRACTS) {
    const documented = new Set([200, 400, 404, 429, 500, 503].flatMap((status) => reasonsOf(call, status)));
    assert.deepEqual(schema.refusals.filter((reason) => !documented.has(reason)), [], `${domain}.${name}`);
  }
});
