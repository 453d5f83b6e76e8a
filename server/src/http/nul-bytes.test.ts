import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CONTRACTS } from '@meridian/contracts/schemas';
import type { Db } from '../db/db.js';
import { registerUser } from '../modules/identity/test-support.js';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';
import { refusalOfValidation, validatorCompiler } from './validation.js';

// A NUL character in any string input is refused with 400 invalidText before any schema or service code runs:
// PostgreSQL cannot store one in text, and a field whose schema did not refuse it (the saved address's alias)
// used to reach the store and answer HTTP 500.

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let token: string;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db });
  token = (await registerUser(app, db)).token;
});
after(async () => {
  await app.close();
  await cleanup();
});

const refusedAsText = (field: string) => ({ code: 400, msg: `Invalid characters in ${field}`, reason: 'invalidText', params: { field }, data: null });

test('a NUL in the saved address alias answers 400 invalidText, and nothing is saved', async () => {
  const response = await app.inject({
    method: 'POST',
    url: '/asset/api/currencyAddress/insert',
    headers: { token },
    payload: { asset: 'USDT', chain: 'TRC20', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', alias: 'cold\u0000wallet' },
  });
  assert.deepEqual([response.statusCode, response.json()], [400, refusedAsText('alias')]);
  const { rows } = await db.query<{ n: string }>('SELECT count(*)::text AS n FROM withdrawal_addresses');
  assert.equal(rows[0]!.n, '0');
});

test('the validator refuses a NUL in any string, at any depth, and in keys, whatever the schema says', () => {
  const validate = validatorCompiler({ schema: Type.Object({ note: Type.String(), list: Type.Array(Type.Object({ name: Type.String() })) }), httpPart: 'body', method: 'POST', url: '/x' }) as ((data: unknown) => boolean) & { errors: never[] };
  assert.equal(validate({ note: 'a', list: [{ name: 'b' }] }), true);
  assert.equal(validate({ note: 'a\u0000', list: [] }), false);
  assert.deepEqual(refusalOfValidation(validate.errors, 'body'), { reason: 'invalidText', params: { field: 'note' } });
  assert.equal(validate({ note: 'a', list: [{ name: '\u0000' }] }), false);
  assert.deepEqual(refusalOfValidation(validate.errors, 'body'), { reason: 'invalidText', params: { field: 'list.0.name' } });
  assert.equal(validate({ note: 'a', list: [], ['k\u0000']: 1 }), false);
  assert.equal(refusalOfValidation(validate.errors, 'body').reason, 'invalidText');
  const query = validatorCompiler({ schema: Type.Object({ q: Type.Optional(Type.String()) }), httpPart: 'querystring', method: 'GET', url: '/x' }) as (data: unknown) => boolean;
  assert.equal(query({ q: 'x\u0000' }), false);
});

test('every call with a body answers a NUL in any of its string fields with 400 invalidText, never 500', async () => {
  const checked: string[] = [];
  for (const contract of CONTRACTS) {
    const body = contract.schema.body as { anyOf?: { properties?: Record<string, { type?: string }> }[]; properties?: Record<string, { type?: string }> } | undefined;
    const properties = body?.properties ?? body?.anyOf?.find((option) => option.properties)?.properties;
    if (!properties) continue;
    for (const [field, schema] of Object.entries(properties)) {
      if (schema.type !== 'string') continue;
      const response = await app.inject({ method: contract.call.method, url: contract.call.path, headers: { token }, payload: { [field]: 'x\u0000y' } });
      assert.deepEqual([response.statusCode, response.json()], [400, refusedAsText(field)], `${contract.call.path} ${field}`);
      checked.push(`${contract.call.path} ${field}`);
    }
  }
  assert.ok(checked.length > 50, `${checked.length} fields`);
});
