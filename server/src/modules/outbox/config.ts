/** How verification codes and notices leave the server (SMTP_*, SMS_WEBHOOK_*, DELIVERY_TIMEOUT_MS). */
export interface DeliveryConfig {
  /** smtp:// or smtps:// with optional user:pass@ (SMTP_URL); undefined: no e-mail provider. */
  smtpUrl: string | undefined;
  /** The From of every e-mail (SMTP_FROM), e.g. `Meridian <no-reply@example.com>`. */
  smtpFrom: string;
  /** Where SMS are POSTed as JSON `{ "to", "text" }` (SMS_WEBHOOK_URL); undefined: no SMS provider. */
  smsWebhookUrl: string | undefined;
  /** Sent as `Authorization: Bearer <token>` when set (SMS_WEBHOOK_TOKEN). */
  smsWebhookToken: string | undefined;
  /** How long one attempt may take (connect, greeting, answer) before it counts as a failure to retry. */
  timeoutMs: number;
}

type Env = Record<string, string | undefined>;

const DEV_FROM = 'Meridian <no-reply@localhost>';

export function deliveryConfig(env: Env): DeliveryConfig {
  const smtpUrl = checkedUrl('SMTP_URL', env.SMTP_URL, ['smtp:', 'smtps:']);
  const smsWebhookUrl = checkedUrl('SMS_WEBHOOK_URL', env.SMS_WEBHOOK_URL, ['http:', 'https:']);
  const timeout = env.DELIVERY_TIMEOUT_MS?.trim() ? Number(env.DELIVERY_TIMEOUT_MS) : 10_000;
  if (!Number.isInteger(timeout) || timeout < 100 || timeout > 120_000) {
    throw new Error(`DELIVERY_TIMEOUT_MS must be an integer 100-120000, got "${env.DELIVERY_TIMEOUT_MS}"`);
  }
  return {
    smtpUrl,
    smtpFrom: env.SMTP_FROM?.trim() || DEV_FROM,
    smsWebhookUrl,
    smsWebhookToken: env.SMS_WEBHOOK_TOKEN?.trim() || undefined,
    timeoutMs: timeout,
  };
}

function checkedUrl(name: string, value: string | undefined, protocols: string[]): string | undefined {
  const trimmed = value?.trim();
  if (!trimmed) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`${name} must be a ${protocols.join(' or ')}// URL`);
  }
  if (!protocols.includes(url.protocol)) throw new Error(`${name} must be a ${protocols.join(' or ')}// URL, got ${url.protocol}//`);
  return trimmed;
}

/**
 * Production refuses to start without a way to send codes: without one nobody can sign up or recover an account,
 * and the only trace would be a log line. Outside production the dev outbox (GET /dev/outbox) stands in.
 * Called by main.ts, so apps built in tests with `production: true` keep working without providers.
 */
export function assertDeliveryConfigured(config: { production: boolean; delivery: DeliveryConfig }): void {
  if (!config.production) return;
  const missing = [
    ...(config.delivery.smtpUrl ? [] : ['SMTP_URL (e-mail codes)']),
    ...(config.delivery.smsWebhookUrl ? [] : ['SMS_WEBHOOK_URL (SMS codes)']),
    ...(config.delivery.smtpUrl && config.delivery.smtpFrom === DEV_FROM ? ['SMTP_FROM (the sender address)'] : []),
  ];
  if (missing.length) {
    throw new Error(
      `Production needs a provider for verification codes; set ${missing.join(', ')}. See the README's environment table.`,
    );
  }
}
