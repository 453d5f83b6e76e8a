import { createHash } from 'node:crypto';

/** Keys in code-point order at every level, undefined dropped: one text per request however its JSON was spelled. */
export function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .sort()
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/**
 * The SHA-256 of a request as it was sent, without its idempotency key. Callers leave secrets out (the fund
 * password): a stored unsalted hash of one would be a guessing oracle; a replay checks the secret again instead.
 */
export function fingerprintOf(request: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

/** The one JSON text of a value (keys sorted at every level): what hashes are taken over. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(canonical(value));
}
