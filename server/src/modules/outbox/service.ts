import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db.js';
import type { JobDefinition } from '../../platform-kit/jobs/job-runner.js';
import { enqueueJob } from '../../platform-kit/jobs/job-store.js';
import type { DeliveryConfig } from './config.js';
import { dropPendingDelivery, finishPendingDelivery, forgetDeliveredBody, insertMessage, retryPendingDeliveryNow, type Channel } from './storage.js';
import { DeliveryError, smsWebhookTransport, smtpTransport, type Transport } from './transports.js';

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject: string;
  body: string;
  /** Past this time delivering it is pointless (the code in it expired): retries stop. */
  validUntil?: Date;
}

/** The job kind that delivers one queued message through its channel's provider, retried with backoff. */
export const DELIVER_JOB = 'outbox.deliver';
/**
 * Attempts of the job after the first, inline one: with the runner's 1 s × 2^(n−1) backoff the last comes about
 * half a minute later, inside the 60 s before the user may ask for a new code.
 */
const JOB_ATTEMPTS = 6;
/** The job waits this much longer than one inline attempt may take, so the runner never races the inline attempt. */
const INLINE_GRACE_MS = 5_000;

export interface QueuedMessage {
  message: OutgoingMessage;
  /** The delivery job, when a provider handles this channel. */
  jobId: string | undefined;
}

/**
 * - `sent`: a provider accepted it (or, outside production without a provider, the dev outbox kept it);
 * - `retrying`: the provider could not be reached or asked to try later; the job runner keeps trying;
 * - `refused`: no provider for the channel, or the provider refused this message: the caller tells the user.
 */
export type DeliveryOutcome = 'sent' | 'retrying' | 'refused';

export interface Outbox {
  /**
   * Queues a message in the caller's transaction (with the code it carries, so a crash loses neither): kept in the
   * dev outbox outside production, and given a delivery job when a provider serves its channel.
   */
  queue(tx: Db, message: OutgoingMessage, now: Date): Promise<QueuedMessage>;
  /** The first attempt, once the queueing transaction committed; a failure to retry is left to the job. */
  deliverNow(queued: QueuedMessage, now: Date): Promise<DeliveryOutcome>;
  /** queue() in a transaction of its own, then deliverNow(). */
  sendMessage(message: OutgoingMessage): Promise<DeliveryOutcome>;
  /** The delivery job for the job runner (the outbox module declares it). */
  readonly jobs: readonly JobDefinition[];
}

interface DeliverPayload {
  channel: Channel;
  to: string;
  subject: string;
  /** Removed once delivered: it carries the code. */
  body?: string;
  validUntil?: string;
}

/** The providers the configuration names, one per channel at most. */
export function configuredTransports(delivery: DeliveryConfig | undefined): Transport[] {
  if (!delivery) return [];
  return [
    ...(delivery.smtpUrl ? [smtpTransport({ url: delivery.smtpUrl, from: delivery.smtpFrom, timeoutMs: delivery.timeoutMs })] : []),
    ...(delivery.smsWebhookUrl
      ? [smsWebhookTransport({ url: delivery.smsWebhookUrl, token: delivery.smsWebhookToken, timeoutMs: delivery.timeoutMs })]
      : []),
  ];
}

export function createOutbox(
  db: Db,
  options: {
    production: boolean;
    log: FastifyBaseLogger;
    transports?: readonly Transport[];
    /** How long one attempt may take (DeliveryConfig.timeoutMs); sets when the job first runs. */
    timeoutMs?: number;
    clock?: () => Date;
  },
): Outbox {
  const clock = options.clock ?? (() => new Date());
  const transports = new Map((options.transports ?? []).map((transport) => [transport.channel, transport]));
  const firstJobDelayMs = (options.timeoutMs ?? 10_000) + INLINE_GRACE_MS;
  // The recipient is logged to trace a complaint; the body never is: it carries the code.
  const about = (message: { channel: Channel; to: string; subject: string }) => ({ channel: message.channel, to: message.to, subject: message.subject });

  /** One attempt through the channel's provider; throws DeliveryError. */
  async function attempt(message: { channel: Channel; to: string; subject: string; body: string }): Promise<void> {
    const transport = transports.get(message.channel);
    if (!transport) throw new DeliveryError(`no ${message.channel} provider configured`, true);
    await transport.send(message);
  }

  const outbox: Outbox = {
    async queue(tx, message, now) {
      if (!message.to.trim()) throw new Error('sendMessage: recipient is empty');
      if (!options.production) await insertMessage(tx, message);
      if (!transports.has(message.channel)) return { message, jobId: undefined };
      const payload: DeliverPayload = {
        channel: message.channel,
        to: message.to,
        subject: message.subject,
        body: message.body,
        ...(message.validUntil ? { validUntil: message.validUntil.toISOString() } : {}),
      };
      const jobId = await enqueueJob(
        tx,
        { kind: DELIVER_JOB, payload, runAt: new Date(now.getTime() + firstJobDelayMs), maxAttempts: JOB_ATTEMPTS },
        now,
      );
      return { message, jobId };
    },

    async deliverNow({ message, jobId }, now) {
      if (!transports.has(message.channel)) {
        if (!options.production) {
          options.log.info(about(message), 'message kept in dev outbox');
          return 'sent';
        }
        options.log.error(about(message), `cannot send: no ${message.channel} provider configured`);
        return 'refused';
      }
      try {
        await attempt(message);
      } catch (error) {
        const failure = error instanceof DeliveryError ? error : new DeliveryError(String(error), false);
        if (failure.permanent) {
          options.log.error({ ...about(message), err: failure }, 'delivery refused by the provider');
          if (jobId) await dropPendingDelivery(db, jobId);
          return 'refused';
        }
        options.log.warn({ ...about(message), err: failure }, 'delivery failed, retrying');
        if (jobId) await retryPendingDeliveryNow(db, jobId, failure.message, now);
        return 'retrying';
      }
      if (jobId) await finishPendingDelivery(db, jobId, now);
      options.log.info(about(message), 'message sent');
      return 'sent';
    },

    async sendMessage(message) {
      const now = clock();
      const queued = await db.transaction((tx) => outbox.queue(tx, message, now));
      return outbox.deliverNow(queued, now);
    },

    jobs: [
      {
        kind: DELIVER_JOB,
        async perform({ job, now }) {
          const payload = job.payload as DeliverPayload;
          if (payload.body === undefined) return; // delivered before a crash kept the job from completing
          if (payload.validUntil && Date.parse(payload.validUntil) <= now.getTime()) {
            options.log.warn(about(payload), 'delivery given up: the message expired');
            return;
          }
          try {
            await attempt({ ...payload, body: payload.body });
            options.log.info({ ...about(payload), attempt: job.attempt }, 'message sent');
          } catch (error) {
            if (error instanceof DeliveryError && error.permanent) {
              options.log.error({ ...about(payload), err: error }, 'delivery refused by the provider; not retried');
              return;
            }
            const last = job.attempt >= job.maxAttempts;
            options.log[last ? 'error' : 'warn'](
              { ...about(payload), attempt: job.attempt, err: error },
              last ? 'delivery failed for good; the user has to ask for a new code' : 'delivery failed, retrying',
            );
            throw error;
          }
        },
        // Whatever the outcome, the body (the code) does not stay in the jobs table.
        run: ({ db: tx, job }) => forgetDeliveredBody(tx, job.id),
      },
    ],
  };
  return outbox;
}
