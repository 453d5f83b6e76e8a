import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, beforeEach, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/db.js';
import { JobRunner } from '../../platform-kit/jobs/job-runner.js';
import { testApp } from '../../testing/app.js';
import { testDb } from '../../testing/test-db.js';
import { call, manualClock, nextIp } from '../identity/test-support.js';
import { assertDeliveryConfigured, deliveryConfig, type DeliveryConfig } from './config.js';
import { configuredTransports, createOutbox, DELIVER_JOB } from './service.js';

// A local SMTP server (smtp-server) and a local SMS webhook stand in for the providers.

interface Mail {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}
const mails: Mail[] = [];
/** Recipients at this domain are refused for good (550); `smtpTempFailures` RCPTs answer 451 first. */
const BOUNCING = '@bounce.test';
let smtpTempFailures = 0;
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS'],
  allowInsecureAuth: true,
  logger: false,
  onAuth(auth, _session, callback) {
    if (auth.username === 'mailer' && auth.password === 's3cret') callback(null, { user: 'mailer' });
    else callback(new Error('Invalid username or password'));
  },
  onRcptTo(address, _session, callback) {
    if (address.address.endsWith(BOUNCING)) return callback(Object.assign(new Error('No such user'), { responseCode: 550 }));
    if (smtpTempFailures > 0) {
      smtpTempFailures -= 1;
      return callback(Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 }));
    }
    callback();
  },
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        user: session.user as string | undefined,
        // quoted-printable soft line breaks joined, so the text reads as sent
        raw: Buffer.concat(chunks).toString('utf8').replace(/=\r\n/g, ''),
      });
      callback();
    });
  },
});

interface Sms {
  headers: IncomingHttpHeaders;
  body: unknown;
}
const smsRequests: Sms[] = [];
/** The webhook's next answers (then 200). */
let smsAnswers: number[] = [];
const webhook: Server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { text?: string };
    smsRequests.push({ headers: request.headers, body });
    const status = smsAnswers.shift() ?? 200;
    // Like some providers, an error answer echoes the request: its text (the code) must not reach logs or jobs.
    response.writeHead(status, { 'content-type': 'application/json' }).end(status === 200 ? '{"id":"sms-1"}' : JSON.stringify({ error: 'down', echo: body.text }));
  });
});

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;
let delivery: DeliveryConfig;

before(async () => {
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  webhook.listen(0, '127.0.0.1');
  await once(webhook, 'listening');
  delivery = deliveryConfig({
    SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    SMTP_FROM: 'Meridian <codes@meridian.test>',
    SMS_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/send`,
    SMS_WEBHOOK_TOKEN: 'sms-token',
    DELIVERY_TIMEOUT_MS: '3000',
  });
  ({ db, cleanup } = await testDb());
  // Production: no dev outbox, so the codes below can only have come through the providers.
  app = await testApp({ production: true, delivery }, { db, jobs: { pollMs: 20, retryBaseMs: 10, retryMaxMs: 50 } });
});
after(async () => {
  await app.close();
  await cleanup();
  smtp.close();
  webhook.close();
});
beforeEach(() => {
  smtpTempFailures = 0;
  smsAnswers = [];
});

const codeIn = (text: string) => /code is ([0-9]{4})/.exec(text)?.[1];
const deliveryJobs = async () =>
  (
    await db.query<{ status: string; attempts: number; payload: Record<string, unknown>; lastError: string | null }>(
      `SELECT status, attempts, payload, last_error AS "lastError" FROM jobs WHERE kind = $1 ORDER BY id`,
      [DELIVER_JOB],
    )
  ).rows;
async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('an e-mail code goes out over SMTP (authenticated, from SMTP_FROM) and registers the account; the job keeps no code', async () => {
  const before = mails.length;
  const sent = await call(app, 'POST', 'user/sendOtp', { body: { email: 'Ann@Example.com', type: 'register' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  assert.equal(mails.length, before + 1, 'delivered during the call');
  const mail = mails.at(-1)!;
  assert.deepEqual([mail.from, mail.to, mail.user], ['codes@meridian.test', ['ann@example.com'], 'mailer']);
  assert.match(mail.raw, /^Subject: Your Meridian registration code$/m);
  assert.match(mail.raw, /^From: Meridian <codes@meridian\.test>$/m);
  const code = codeIn(mail.raw);
  assert.ok(code, mail.raw);

  const registered = await call(app, 'POST', 'user/register', {
    body: { email: 'ann@example.com', code, password: 'secret12', invitationCode: 'MERIDIAN' },
  });
  assert.equal(registered.code, 0, registered.msg);
  const jobs = await deliveryJobs();
  assert.equal(jobs.length, 1);
  assert.equal(jobs[0]!.status, 'done');
  assert.equal(jobs[0]!.payload.body, undefined, 'the code does not stay in the jobs table');
  assert.equal(jobs[0]!.payload.to, 'ann@example.com');
  const kept = await db.query('SELECT 1 FROM dev_outbox');
  assert.equal(kept.rows.length, 0, 'no dev outbox in production');
});

test('an SMS code is POSTed to the webhook as { to, text } with the bearer token', async () => {
  const sent = await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '612000111', countryCode: '33', type: 'register' }, ip: nextIp() });
  assert.equal(sent.code, 0, sent.msg);
  const request = smsRequests.at(-1)!;
  assert.equal(request.headers.authorization, 'Bearer sms-token');
  assert.match(String(request.headers['content-type']), /^application\/json/);
  const body = request.body as { to: string; text: string };
  assert.deepEqual(Object.keys(body).sort(), ['text', 'to']);
  assert.equal(body.to, '+33612000111');
  const code = codeIn(body.text);
  assert.ok(code, body.text);
  const registered = await call(app, 'POST', 'user/register', { body: { phone: '612000111', code, password: 'phone123', invitationCode: 'MERIDIAN' } });
  assert.equal(registered.code, 0, registered.msg);
});

test('a message the provider refuses answers deliveryFailed at once; the code is withdrawn so the user can retry now', async () => {
  const email = `nobody${BOUNCING}`;
  for (let i = 0; i < 2; i += 1) {
    const refused = await call(app, 'POST', 'user/sendOtp', { body: { email, type: 'register' }, ip: nextIp() });
    assert.equal(refused.reason, 'deliveryFailed', 'not resendWait: the failed code does not count');
    assert.equal(refused.msg, 'The code could not be sent, please try again');
  }
  const french = await call(app, 'POST', 'user/sendOtp', { body: { email, type: 'register' }, ip: nextIp(), headers: { lang: 'fr' } });
  assert.equal(french.reason, 'deliveryFailed');
  assert.equal(french.msg, "Le code n'a pas pu être envoyé, veuillez réessayer");
  const codes = await db.query('SELECT 1 FROM verification_codes WHERE recipient = $1', [email]);
  assert.equal(codes.rows.length, 0);

  smsAnswers = [400];
  const sms = await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '612000222', countryCode: '33', type: 'register' }, ip: nextIp() });
  assert.equal(sms.reason, 'deliveryFailed');
  assert.ok((await deliveryJobs()).every((job) => job.status === 'done'), 'nothing left to retry');
});

test('a provider that is down or says "later" is retried by the job runner until the message goes out', async () => {
  smsAnswers = [503, 502];
  const requests = smsRequests.length;
  const sent = await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '612000333', countryCode: '33', type: 'register' }, ip: nextIp() });
  assert.equal(sent.code, 0, 'accepted: the retries are the server’s business');
  await until(async () => (await deliveryJobs()).at(-1)!.status === 'done', 'the SMS job');
  assert.equal(smsRequests.length, requests + 3, 'inline 503, job 502, job 200');
  const job = (await deliveryJobs()).at(-1)!;
  assert.equal(job.attempts, 2);
  assert.equal(job.payload.body, undefined);
  const code = codeIn((smsRequests.at(-1)!.body as { text: string }).text);
  assert.equal((await call(app, 'POST', 'user/register', { body: { phone: '612000333', code, password: 'phone123', invitationCode: 'MERIDIAN' } })).code, 0);

  smtpTempFailures = 1;
  const mailsBefore = mails.length;
  assert.equal((await call(app, 'POST', 'user/sendOtp', { body: { email: 'busy@example.com', type: 'register' }, ip: nextIp() })).code, 0);
  await until(() => mails.length > mailsBefore, 'the retried e-mail');
  assert.deepEqual(mails.at(-1)!.to, ['busy@example.com']);
});

test('a provider that stays down: the job fails for good after its attempts, with the error kept for operators', async () => {
  smsAnswers = Array.from({ length: 20 }, () => 503);
  const requests = smsRequests.length;
  assert.equal((await call(app, 'POST', 'user/SendSmsOtp', { body: { phone: '612000444', countryCode: '33', type: 'register' }, ip: nextIp() })).code, 0);
  await until(async () => (await deliveryJobs()).at(-1)!.status === 'failed', 'the job to fail');
  const job = (await deliveryJobs()).at(-1)!;
  assert.equal(job.attempts, 6);
  assert.match(job.lastError ?? '', /HTTP 503/);
  const code = codeIn((smsRequests.at(-1)!.body as { text: string }).text)!;
  assert.ok(!job.lastError!.includes(code), 'the provider\'s echo of the code is not kept');
  assert.ok(job.payload.body, 'kept for an operator retry while the code is valid');
  assert.equal(smsRequests.length, requests + 7, 'one inline attempt, six by the runner');
});

test('a crash after the code committed loses nothing: the runner delivers the queued message, not before the inline attempt had its time, and not once expired', async () => {
  const time = manualClock(Date.now());
  const outbox = createOutbox(db, { production: true, log: app.log, transports: configuredTransports(delivery), timeoutMs: 3000, clock: time.clock });
  const runner = new JobRunner(db, outbox.jobs, { clock: time.clock, id: 'test-runner' });
  const message = { channel: 'email' as const, to: 'crash@example.com', subject: 'Code', body: 'Your code is 1234' };
  // queued in the code's transaction, then the process "dies" before deliverNow
  await db.transaction((tx) => outbox.queue(tx, { ...message, validUntil: new Date(time.clock().getTime() + 600_000) }, time.clock()));
  await db.transaction((tx) => outbox.queue(tx, { ...message, to: 'late@example.com', validUntil: new Date(time.clock().getTime() + 1_000) }, time.clock()));
  const before = mails.length;
  // (the app's own runner polls with the system clock, which stays before the jobs' due time)
  assert.equal(await runner.tick(), 0, 'not due while an inline attempt may still be running');
  time.advance(8_001);
  assert.equal(await runner.tick(), 2);
  assert.deepEqual(mails.slice(before).map((m) => m.to), [['crash@example.com']], 'the expired one is given up');
  const jobs = (await deliveryJobs()).slice(-2);
  assert.deepEqual(jobs.map((job) => [job.status, job.payload.body]), [['done', undefined], ['done', undefined]]);
});

test('configuration: URLs checked; production refuses to start without both providers and a sender', () => {
  assert.throws(() => deliveryConfig({ SMTP_URL: 'http://mail.example.com' }), /SMTP_URL must be a smtp: or smtps:\/\/ URL/);
  assert.throws(() => deliveryConfig({ SMS_WEBHOOK_URL: 'ftp://sms.example.com' }), /SMS_WEBHOOK_URL must be/);
  assert.throws(() => deliveryConfig({ DELIVERY_TIMEOUT_MS: '5' }), /DELIVERY_TIMEOUT_MS/);
  const none = deliveryConfig({});
  assert.deepEqual([none.smtpUrl, none.smsWebhookUrl, none.smsWebhookToken, none.timeoutMs], [undefined, undefined, undefined, 10_000]);
  assert.doesNotThrow(() => assertDeliveryConfigured({ production: false, delivery: none }));
  assert.throws(() => assertDeliveryConfigured({ production: true, delivery: none }), /set SMTP_URL \(e-mail codes\), SMS_WEBHOOK_URL \(SMS codes\)/);
  const smtpOnly = deliveryConfig({ SMTP_URL: 'smtps://u:p@mail.example.com:465' });
  assert.throws(() => assertDeliveryConfigured({ production: true, delivery: smtpOnly }), /SMS_WEBHOOK_URL \(SMS codes\), SMTP_FROM/);
  assert.doesNotThrow(() => assertDeliveryConfigured({ production: true, delivery }));
});
