import assert from 'node:assert/strict';
import { test } from 'node:test';
import Fastify from 'fastify';
import { wallet } from '@meridian/contracts';
import { CONTRACTS, inputRefusals, isAnyCallRefusal, REASON } from '@meridian/contracts/schemas';
import { testConfig } from '../testing/app.js';
import { createErrorHandler } from './errors.js';
import { refuse } from './refuse.js';
import { route } from './route.js';
import { validatorCompiler } from './validation.js';

/** One route answering whatever refusal `answer` throws, under the check or without it. */
async function appAnswering(answer: () => never, checkRefusals: boolean) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setErrorHandler(createErrorHandler({ checkRefusals }));
  route(app, wallet.resetDemo, answer);
  await app.ready();
  const res = await app.inject({ method: 'POST', url: wallet.resetDemo.path });
  await app.close();
  return { status: res.statusCode, body: res.json() as { code: number; reason: string; msg: string } };
}

test('every test app checks refusals against the contracts', () => {
  assert.equal(testConfig().checkRefusals, true);
});

test('under the check, a refusal the contract lists goes out as it is; one it does not list answers 500 naming the breach', async () => {
  const listed = await appAnswering(() => {
    throw refuse('demoOnly');
  }, true);
  assert.deepEqual([listed.status, listed.body.reason], [200, 'demoOnly']);

  const unlisted = await appAnswering(() => {
    throw refuse('rateMoved');
  }, true);
  assert.equal(unlisted.status, 500);
  assert.equal(unlisted.body.reason, 'internal');
  assert.match(unlisted.body.msg, /POST \/asset\/api\/account\/resetDemo answered the refusal "rateMoved", which its contract does not list/);

  // a refusal any call may answer is never listed
  const session = await appAnswering(() => {
    throw refuse('sessionExpired', {}, 301);
  }, true);
  assert.deepEqual([session.status, session.body.reason], [200, 'sessionExpired']);

  // production answers what the route said
  const unchecked = await appAnswering(() => {
    throw refuse('rateMoved');
  }, false);
  assert.deepEqual([unchecked.status, unchecked.body.reason], [200, 'rateMoved']);
});

test('under the check, a listed refusal at another HTTP status than its contract says answers 500', async () => {
  const wrong = await appAnswering(() => {
    throw refuse('demoOnly', {}, 404);
  }, true);
  assert.equal(wrong.status, 500);
  assert.match(wrong.body.msg, /answered "demoOnly" with HTTP 404, its contract says 200/);
});

test('every contract: its refusals are catalogue keys, listed once, none any call may answer, its input schemas’ x-reasons among them, and refusalStatus only for listed keys', () => {
  for (const { domain, name, schema } of CONTRACTS) {
    const at = `${domain}.${name}`;
    assert.equal(new Set(schema.refusals).size, schema.refusals.length, `${at}: a key listed twice`);
    assert.deepEqual(schema.refusals.filter(isAnyCallRefusal), [], `${at}: keys any call may answer are never listed`);
    const missing = inputRefusals(schema).filter((reason) => !schema.refusals.includes(reason) && !isAnyCallRefusal(reason));
    assert.deepEqual(missing, [], `${at}: its input schemas answer these (${REASON}); list them so its client type has them`);
    for (const reason of Object.keys(schema.refusalStatus ?? {})) assert.ok(schema.refusals.includes(reason as never), `${at}: refusalStatus of unlisted ${reason}`);
  }
});
