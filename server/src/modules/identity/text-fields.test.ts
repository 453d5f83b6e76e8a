import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { CONTRACTS, Text } from '@meridian/contracts/schemas';
import type { Db } from '../../db/db.js';
import { refusalOfValidation, validatorCompiler } from '../../http/validation.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, nextIp, registerUser, uploadPng } from './test-support.js';

// Control characters in a text field are refused with reason invalidText before any service code runs, never
// stored and never an HTTP 500 (PostgreSQL refuses a NUL in text, which used to surface as an internal error).

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, kycAutoReview: false }, { db, clock: manualClock().clock });
});
after(async () => {
  await app.close();
  await cleanup();
});

/** Every C0 control character and DEL. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)), '\u007f'];

const refusedAsText = (field: string) => ({ code: 400, msg: `Invalid characters in ${field}`, reason: 'invalidText', params: { field }, data: null });

async function post(url: string, body: unknown, token?: string) {
  const response = await app.inject({ method: 'POST', url, payload: body as object, remoteAddress: nextIp(), headers: token ? { token } : {} });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`)).rows[0]!.n);

/** A value the schema accepts, so that only the field under test is wrong. */
function validValue(schema: TSchema): unknown {
  const s = schema as { enum?: unknown[]; anyOf?: TSchema[]; const?: unknown; type?: string; pattern?: string };
  if (s.enum) return s.enum[0];
  if (s.const !== undefined) return s.const;
  if (s.anyOf) return validValue(s.anyOf.find((option) => (option as { type?: string }).type !== 'null') ?? s.anyOf[0]!);
  if (s.type === 'integer') return 1;
  if (s.pattern?.startsWith('^[0-9]')) return '1';
  return 'a';
}

const isText = (schema: TSchema) => Array.isArray((schema as { allOf?: unknown }).allOf) && (schema as { type?: string }).type === 'string';

describe('every text field of the identity contracts refuses control characters', () => {
  const bodies = CONTRACTS.filter((c) => c.domain === 'identity' && c.schema.body).map((c) => {
    const body = c.schema.body as { anyOf?: TSchema[]; properties?: Record<string, TSchema> };
    // countryCodeList takes an object or null: the object is the one with fields
    const object = (body.anyOf?.find((option) => (option as { properties?: unknown }).properties) ?? body) as { properties: Record<string, TSchema> };
    return { path: c.call.path, properties: object.properties };
  });

  test('the identity calls have text fields to check (the sweep below is not empty)', () => {
    const fields = bodies.flatMap(({ properties }) => Object.values(properties).filter(isText));
    assert.ok(fields.length >= 30, `only ${fields.length} text fields found`);
  });

  for (const { path, properties } of bodies) {
    const texts = Object.keys(properties).filter((name) => isText(properties[name]!));
    if (!texts.length) continue;
    test(`${path}: ${texts.join(', ')}`, async () => {
      const valid = Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, validValue(schema)]));
      for (const field of texts) {
        for (const control of CONTROLS) {
          const answer = await post(path, { ...valid, [field]: `a${control}b` });
          assert.equal(answer.status, 400, `${field} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
          assert.deepEqual(answer.body, refusedAsText(field), `${field} with U+${control.charCodeAt(0).toString(16).padStart(4, '0')}`);
        }
      }
    });
  }
});

describe('refused before anything moves', () => {
  test('a NUL in the e-mail of send-code sends no code; in login and the country search it answers 400, not 500', async () => {
    const outbox = await count('dev_outbox');
    assert.deepEqual((await post('/asset/api/user/sendOtp', { email: 'nul\u0000@example.com', type: 'register' })).body, refusedAsText('email'));
    assert.deepEqual((await post('/asset/api/user/SendSmsOtp', { phone: '612\u0000345678', countryCode: '33' })).body, refusedAsText('phone'));
    assert.equal(await count('dev_outbox'), outbox);

    const login = await post('/asset/api/user/login', { email: 'someone\u0000@example.com', password: 'secret12' });
    assert.deepEqual(login, { status: 400, body: refusedAsText('email') });
    assert.deepEqual(await post('/asset/api/user/login', { email: 'someone@example.com', password: 'secret\u000012' }), { status: 400, body: refusedAsText('password') });
    assert.deepEqual(await post('/asset/api/countryCode/countryCodeList', { keyword: 'fr\u0000' }), { status: 400, body: refusedAsText('keyword') });
  });

  test('a control character in sign-up creates no account', async () => {
    const users = await count('users');
    const answer = await post('/asset/api/user/register', { email: 'new@example.com', code: '1234', password: 'secret12', invitationCode: 'MERI\u0000DIAN' });
    assert.deepEqual(answer.body, refusedAsText('invitationCode'));
    assert.equal(await count('users'), users);
  });

  test('a nickname with an escape sequence leaves the nickname as it was', async () => {
    const user = await registerUser(app, db);
    const before = (await call(app, 'POST', 'user/info', { token: user.token })).data.nickname;
    assert.deepEqual((await post('/asset/api/user/update', { kind: 'nickname', nickname: '\u001b[31mred' }, user.token)).body, refusedAsText('nickname'));
    assert.equal((await call(app, 'POST', 'user/info', { token: user.token })).data.nickname, before);
  });

  test('a KYC submission with a NUL in a name records nothing', async () => {
    const user = await registerUser(app, db);
    const front = await uploadPng(app, user.token);
    const back = await uploadPng(app, user.token);
    const submissions = await count('kyc_submissions');
    const body = { firstName: 'Ada\u0000', lastName: 'Lovelace', idNumber: 'X1', nation: 'France', documentType: 'passport', frontImage: front, backImage: back };
    assert.deepEqual((await post('/asset/api/idCard/insert', body, user.token)).body, refusedAsText('firstName'));
    assert.equal(await count('kyc_submissions'), submissions);
    assert.equal((await call(app, 'GET', 'idCard/info', { token: user.token })).data.status, 'unverified');
    // the same submission without the NUL goes through: only the character was wrong
    assert.equal((await post('/asset/api/idCard/insert', { ...body, firstName: 'Ada' }, user.token)).body.code, 0);
  });

  test('only the characters answer invalidText: too long or empty keeps "Invalid value for …"', async () => {
    const long = await post('/asset/api/user/update', { kind: 'nickname', nickname: 'n'.repeat(65) });
    assert.deepEqual(long.body, { code: 400, msg: 'Invalid value for nickname', reason: 'invalidField', params: { field: 'nickname' }, data: null });
    // ordinary non-ASCII text is not a control character
    const countries = await post('/asset/api/countryCode/countryCodeList', { keyword: 'Côte' });
    assert.equal(countries.body.code, 0);
  });
});

describe('Text({ multiline }) keeps tab and line breaks, and nothing else', () => {
  const validate = validatorCompiler({ schema: Type.Object({ note: Text(100, { multiline: true }), name: Type.Optional(Text(100)) }), httpPart: 'body', method: 'POST', url: '/' }) as ((data: unknown) => boolean) & {
    errors?: Parameters<typeof refusalOfValidation>[0];
  };

  test('tab, line feed and carriage return pass in a multi-line field, not in a one-line one', () => {
    assert.equal(validate({ note: 'first line\r\nsecond\tcolumn' }), true);
    assert.equal(validate({ note: 'x', name: 'a\tb' }), false);
    assert.deepEqual(refusalOfValidation(validate.errors!, 'body'), { reason: 'invalidText', params: { field: 'name' } });
  });

  test('every other control character is refused in a multi-line field', () => {
    for (const control of CONTROLS.filter((c) => !'\t\n\r'.includes(c))) {
      assert.equal(validate({ note: `a${control}b` }), false, `U+${control.charCodeAt(0).toString(16)}`);
      assert.deepEqual(refusalOfValidation(validate.errors!, 'body'), { reason: 'invalidText', params: { field: 'note' } });
    }
  });
});
