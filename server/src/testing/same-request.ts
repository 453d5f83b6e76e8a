import assert from 'node:assert/strict';
import type { Envelope } from '../modules/identity/test-support.js';

/** How many copies of one request the idempotency tests send at once. */
export const AT_ONCE = 20;

/**
 * Sends one request AT_ONCE times in parallel (a client retrying over a flaky network, a double click) and checks
 * that every copy got the same successful answer: the first one's, never an error. Returns that answer; the caller
 * checks the one effect (its balance, its rows).
 */
export async function sameRequestAtOnce(send: () => Promise<Envelope>): Promise<Envelope> {
  const answers = await Promise.all(Array.from({ length: AT_ONCE }, () => send()));
  const [first] = answers;
  assert.equal(first!.code, 0, first!.msg);
  for (const answer of answers) assert.deepEqual(answer, first);
  return first!;
}

/** The same request id with another body: refused by its catalogue key, nothing done. */
export function assertReused(answer: Envelope): void {
  assert.deepEqual([answer.code === 0, answer.reason], [false, 'requestIdReused'], answer.msg);
}
