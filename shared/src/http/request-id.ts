/**
 * A request id for one user action (an order, a transfer): 32 hex characters (the server accepts 8–64 of
 * [A-Za-z0-9_-]); its retries send the same one, so a retry never acts twice. Uses crypto.getRandomValues, which
 * unlike randomUUID also exists on plain-http (non-secure) origins.
 */
export function newRequestId(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
