import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A desk quote as handed out by exchangeInfo. Reading quotes writes nothing: the quote travels signed in its id
 * (the terms version, the feed price and both prices, the validity), and an order placed on it checks the signature
 * and stores the quote then. No state a second server process would need: any process with the key can check it.
 */
export interface SignedQuote { asset: string; fiat: string; rateVersion: number; basePrice: string; buyPrice: string; sellPrice: string; validUntil: number }

const FIELDS = ['asset', 'fiat', 'rateVersion', 'basePrice', 'buyPrice', 'sellPrice', 'validUntil'] as const;

/** The quote key, derived from a server secret so that it is never the secret itself. */
export const quoteKey = (secret: string): Buffer => createHmac('sha256', secret).update('meridian:otc-quote:v1').digest();

const sign = (key: Buffer, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

export function encodeQuote(key: Buffer, quote: SignedQuote): string {
  const payload = Buffer.from(FIELDS.map((f) => String(quote[f])).join('|')).toString('base64url');
  return `${payload}.${sign(key, payload)}`;
}

/** The quote a signed id carries, or undefined when it was not signed by this desk (altered, truncated, made up). */
export function decodeQuote(key: Buffer, id: string): SignedQuote | undefined {
  const [payload, mac, ...rest] = id.split('.');
  if (!payload || !mac || rest.length) return undefined;
  const expected = Buffer.from(sign(key, payload));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  const parts = Buffer.from(payload, 'base64url').toString().split('|');
  if (parts.length !== FIELDS.length) return undefined;
  const [asset, fiat, rateVersion, basePrice, buyPrice, sellPrice, validUntil] = parts as [string, string, string, string, string, string, string];
  return { asset, fiat, rateVersion: Number(rateVersion), basePrice, buyPrice, sellPrice, validUntil: Number(validUntil) };
}
