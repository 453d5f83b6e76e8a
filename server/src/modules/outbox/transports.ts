import nodemailer from 'nodemailer';
import type { Channel } from './storage.js';

/** A message as a provider gets it. */
export interface Delivery {
  to: string;
  subject: string;
  body: string;
}

/**
 * A failed attempt. `permanent`: the provider refused this message (a bad recipient, a rejected request), so
 * sending it again cannot help and the user is told at once; otherwise (network, timeout, "try later") it is retried.
 */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** One provider of one channel: resolves when the provider accepted the message, throws DeliveryError otherwise. */
export interface Transport {
  readonly channel: Channel;
  send(delivery: Delivery): Promise<void>;
}

/** E-mail over SMTP (nodemailer): a connection per message (codes are few); STARTTLS when the server offers it. */
export function smtpTransport(options: { url: string; from: string; timeoutMs: number }): Transport {
  const transporter = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: options.timeoutMs,
    greetingTimeout: options.timeoutMs,
    socketTimeout: options.timeoutMs,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    channel: 'email',
    async send({ to, subject, body }) {
      try {
        await transporter.sendMail({ from: options.from, to, subject, text: body });
      } catch (error) {
        throw smtpFailure(error);
      }
    },
  };
}

/** SMTP's own verdict: a 5xx reply is final for this message, a 4xx reply or no reply at all is worth another try. */
function smtpFailure(error: unknown): DeliveryError {
  const { responseCode, code, message } = (error ?? {}) as { responseCode?: number; code?: string; message?: string };
  const text = `SMTP ${code ?? 'error'}${responseCode ? ` ${responseCode}` : ''}: ${message ?? String(error)}`;
  return new DeliveryError(text, typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600);
}

/**
 * SMS through an HTTP provider: POST `{ "to": "+33…", "text": "…" }` as JSON, with `Authorization: Bearer <token>`
 * when a token is set. Any 2xx is accepted; 408, 429 and 5xx (and no answer) are retried; other answers are final.
 */
export function smsWebhookTransport(options: { url: string; token: string | undefined; timeoutMs: number }): Transport {
  return {
    channel: 'sms',
    async send({ to, body }) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to, text: body }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        throw new DeliveryError(`SMS webhook unreachable: ${(error as Error).message}`, false);
      }
      // Read to free the connection, and kept out of the error: a provider may echo the text, which holds the code.
      await response.arrayBuffer().catch(() => undefined);
      if (response.ok) return;
      const retry = response.status === 408 || response.status === 429 || response.status >= 500;
      throw new DeliveryError(`SMS webhook answered HTTP ${response.status}`, !retry);
    },
  };
}
