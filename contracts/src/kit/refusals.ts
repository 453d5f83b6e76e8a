// The refusals of one call, by HTTP status: what the OpenAPI document lists and the server's tests hold routes to.
import type { TSchema } from 'typebox';
import { ANY_CALL_REFUSALS, type RefusalReason } from '../refusals.js';
import type { CallSchema } from './call.js';
import { REASON } from './schema.js';

/** What any input check may answer besides a schema's own x-reason (validation.ts on the server): HTTP 400. */
const INPUT_REFUSALS: readonly RefusalReason[] = ['invalidRequest', 'invalidField', 'fieldRequired', 'invalidText'];

/** The refusal keys a call's input schemas name (x-reason, however deep): validation answers them with HTTP 400. */
export function inputRefusals(schema: Pick<CallSchema, 'query' | 'body'>): RefusalReason[] {
  const found = new Set<RefusalReason>();
  const walk = (value: unknown, depth: number): void => {
    if (!value || typeof value !== 'object' || depth > 32) return;
    const own = (value as Record<string, unknown>)[REASON];
    if (typeof own === 'string') found.add(own as RefusalReason);
    for (const child of Object.values(value)) walk(child, depth + 1);
  };
  walk(schema.query as TSchema | undefined, 0);
  walk(schema.body as TSchema | undefined, 0);
  // a symbol the symbol pattern refuses is either missing (blank) or unknown (validation.ts)
  if (found.has('unknownSymbol')) found.add('symbolRequired');
  return [...found].sort();
}

/** The HTTP status a listed refusal of this call answers with (200 unless the contract says otherwise). */
export const statusOfRefusal = (schema: CallSchema, reason: RefusalReason): number => schema.refusalStatus?.[reason] ?? 200;

/**
 * Every refusal a call may answer, by HTTP status: its listed refusals (200 unless `refusalStatus` names another),
 * its input's x-reasons and the generic input refusals (400), and those of any call (a session's end 200, the rate
 * limit 429, the server's own failure 500).
 */
export function refusalsByStatus(schema: CallSchema): Map<number, RefusalReason[]> {
  const byStatus = new Map<number, Set<RefusalReason>>();
  const add = (status: number, reason: RefusalReason) => byStatus.set(status, (byStatus.get(status) ?? new Set()).add(reason));
  add(200, 'sessionExpired');
  for (const reason of schema.refusals) add(statusOfRefusal(schema, reason), reason);
  for (const reason of [...inputRefusals(schema), ...INPUT_REFUSALS]) add(400, reason);
  add(429, 'tooManyRequests');
  add(500, 'internal');
  return new Map([...byStatus].sort(([a], [b]) => a - b).map(([status, reasons]) => [status, [...reasons].sort()]));
}

/** Whether a refusal key is one any call may answer (no contract lists it). */
export const isAnyCallRefusal = (reason: string): boolean => (ANY_CALL_REFUSALS as readonly string[]).includes(reason);
