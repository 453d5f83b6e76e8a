import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../../db/db.js';
import { testApp } from '../../../testing/app.js';
import { testDb, type TestStore } from '../../../testing/test-db.js';
import { call, manualClock, multipart, registerUser, tinyPng } from '../test-support.js';

let db: Db;
let store: TestStore;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
const time = manualClock();

before(async () => {
  ({ db, store, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0, dataDir: store.env.DATA_DIR }, { db, clock: time.clock });
});
after(async () => {
  await app.close();
  await cleanup();
});

async function upload(token: string | undefined, content: Buffer, filename = 'photo.png', field = 'file') {
  const { payload, headers } = multipart(field, filename, content);
  const response = await app.inject({ method: 'POST', url: '/asset/admin/common/oss/upload', payload, headers: { ...headers, ...(token ? { token } : {}) } });
  assert.equal(response.statusCode, 200, response.body);
  return response.json() as { code: number; msg: string; data: string | null };
}

test('a real small PNG is accepted, stored under a random name, and served to its owner', async () => {
  const user = await registerUser(app, db);
  const png = tinyPng();
  const result = await upload(user.token, png, 'holiday.txt');
  assert.equal(result.code, 0, result.msg);
  assert.match(result.data!, /^\/asset\/admin\/common\/oss\/file\/[0-9a-f]{32}\.png$/);
  const files = await readdir(path.join(store.env.DATA_DIR, 'uploads'));
  assert.ok(files.includes(path.basename(result.data!)));
  assert.ok(!files.some((f) => f.includes('holiday')));

  const byHeader = await app.inject({ method: 'GET', url: result.data!, headers: { token: user.token } });
  assert.equal(byHeader.statusCode, 200);
  assert.equal(byHeader.headers['content-type'], 'image/png');
  assert.deepEqual(byHeader.rawPayload, png);
  // a token in the URL is not accepted: it would end up in logs, history and Referer headers
  const byQuery = await app.inject({ method: 'GET', url: `${result.data!}?token=${user.token}` });
  assert.deepEqual(byQuery.json(), { code: 301, msg: 'Login session expired', reason: 'sessionExpired', data: null });
});

test('another user cannot read it, nor can a visitor', async () => {
  const owner = await registerUser(app, db);
  const other = await registerUser(app, db);
  const { data } = await upload(owner.token, tinyPng());
  const stranger = await app.inject({ method: 'GET', url: data!, headers: { token: other.token } });
  assert.equal(stranger.statusCode, 404);
  assert.equal(stranger.json().msg, 'Not found');
  const visitor = await app.inject({ method: 'GET', url: data! });
  assert.deepEqual(visitor.json(), { code: 301, msg: 'Login session expired', reason: 'sessionExpired', data: null });
});

test('JPEG and WebP by their magic bytes', async () => {
  const user = await registerUser(app, db);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
  const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([40, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(32, 1)]);
  assert.match((await upload(user.token, jpeg, 'a.png')).data!, /\.jpg$/);
  assert.match((await upload(user.token, webp, 'b.bin')).data!, /\.webp$/);
});

test('a renamed text file, an empty file or a wrong field is "Invalid image"', async () => {
  const user = await registerUser(app, db);
  assert.deepEqual(await upload(user.token, Buffer.from('hello, I am text\n'.repeat(10)), 'cat.png'), { code: 1001, msg: 'Invalid image', reason: 'invalidImage', data: null });
  assert.equal((await upload(user.token, Buffer.alloc(0), 'empty.png')).msg, 'Invalid image');
  assert.equal((await upload(user.token, tinyPng(), 'a.png', 'image')).msg, 'Invalid image');
  const notMultipart = await call(app, 'POST', '/asset/admin/common/oss/upload', { token: user.token, body: { file: 'x' } });
  assert.equal(notMultipart.msg, 'Invalid image');
});

test('a 6 MB image is refused; exactly 5 MB is accepted', async () => {
  const user = await registerUser(app, db);
  const big = Buffer.alloc(6 * 1024 * 1024, 0);
  tinyPng().copy(big);
  assert.deepEqual(await upload(user.token, big), { code: 1001, msg: 'Image bigger than 5M', reason: 'imageTooBig', data: null });
  const limit = Buffer.alloc(5 * 1024 * 1024, 0);
  tinyPng().copy(limit);
  assert.equal((await upload(user.token, limit)).code, 0);
});

test('uploading needs a session; the avatar must be one of the user\'s own uploads', async () => {
  assert.equal((await upload(undefined, tinyPng())).code, 301);
  const a = await registerUser(app, db);
  const b = await registerUser(app, db);
  const { data: mine } = await upload(a.token, tinyPng());
  const { data: theirs } = await upload(b.token, tinyPng());
  const set = (avatar: string) => call(app, 'POST', 'user/update', { token: a.token, body: { kind: 'avatar', avatar } });
  assert.equal((await set(theirs!)).msg, 'Invalid image');
  assert.equal((await set('/etc/passwd')).msg, 'Invalid image');
  assert.equal((await set(mine!)).data.avatar, mine);
});
