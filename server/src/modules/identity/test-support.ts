import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/db.js';

/** Tests only: a clock that moves when told. */
export function manualClock(start = Date.parse('2026-03-01T09:00:00Z')) {
  let now = start;
  return { clock: () => new Date(now), advance: (ms: number) => void (now += ms) };
}

export interface Envelope {
  /** On a refusal: its stable key and parameters. */
  reason?: string;
  params?: Record<string, string | number>;
  code: number;
  msg: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

let ipCounter = 0;
/** A fresh client address per call unless given, so the per-IP code limit does not couple unrelated tests. */
export function nextIp(): string {
  ipCounter += 1;
  return `198.51.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; ip?: string } = {},
): Promise<Envelope> {
  const response = await app.inject({
    method,
    url: url.startsWith('/') ? url : `/asset/api/${url}`,
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { ...(options.token ? { token: options.token } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  assert.ok([200, 400].includes(response.statusCode), `${url}: HTTP ${response.statusCode} ${response.body}`);
  return response.json() as Envelope;
}

/** The newest 4-digit code the dev outbox holds for a recipient. */
export async function lastCode(db: Db, to: string): Promise<string> {
  const { rows } = await db.query<{ body: string }>('SELECT body FROM dev_outbox WHERE lower(recipient) = lower($1) ORDER BY id DESC LIMIT 1', [to]);
  const match = /code is ([0-9]{4})/.exec(rows[0]?.body ?? '');
  assert.ok(match, `no code sent to ${to}`);
  return match[1]!;
}

let userCounter = 0;
/** Registers a user by e-mail through the API and returns its token and info. */
export async function registerUser(
  app: FastifyInstance,
  db: Db,
  options: { email?: string; password?: string; invitationCode?: string } = {},
): Promise<{ token: string; uid: string; email: string; invitationCode: string }> {
  userCounter += 1;
  const email = options.email ?? `user${userCounter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const ip = nextIp();
  const sent = await call(app, 'POST', 'user/sendOtp', { body: { email, type: 'register' }, ip });
  assert.equal(sent.code, 0, sent.msg);
  const registered = await call(app, 'POST', 'user/register', {
    ip,
    body: { email, code: await lastCode(db, email), password: options.password ?? 'secret12', invitationCode: options.invitationCode ?? 'MERIDIAN', countryId: 57 },
  });
  assert.equal(registered.code, 0, registered.msg);
  return { token: registered.data.token, uid: registered.data.userInfo.uid, email, invitationCode: registered.data.userInfo.invitationCode };
}

/** A real 1×1 PNG. */
export function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export function multipart(field: string, filename: string, content: Buffer, type = 'image/png') {
  const boundary = '----meridian' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}


/** Uploads a real PNG for the user and returns its path. */
export async function uploadPng(app: FastifyInstance, token: string): Promise<string> {
  const { payload, headers } = multipart('file', 'id.png', tinyPng());
  const response = await app.inject({ method: 'POST', url: '/asset/admin/common/oss/upload', payload, headers: { ...headers, token } });
  const body = response.json() as Envelope;
  assert.equal(body.code, 0, body.msg);
  return body.data as string;
}
