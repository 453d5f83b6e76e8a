import type { Mode } from '../modules/ledger/ledger.js';

/**
 * The one shape of an idempotency key: what kind of call, whose, in which account mode, and the client's request
 * id. The mode is part of it so that a demo and a real request under the same id never meet.
 */
export interface RequestKeyParts {
  /** the call, e.g. `transfer` or `perp-open`: one scope per money-moving call */
  scope: string;
  userId: string;
  mode: Mode;
  /** the client's id for one user action, reused by its retries (contracts' RequestId: no colon in it) */
  requestId: string;
}

export function requestKeyOf(parts: RequestKeyParts): string {
  return `${parts.scope}:${parts.userId}:${parts.mode}:${parts.requestId}`;
}

/** The client's request id back out of a key (also of keys written before the mode was part of them). */
export function requestIdOf(key: string): string {
  return key.slice(key.lastIndexOf(':') + 1);
}
