import type { TSchema } from 'typebox';
import type { Contract } from './kit/bind.js';
import { refusalsByStatus } from './kit/refusals.js';
import { Envelope, Refusal } from './kit/schema.js';
import type { CallSchema } from './kit/call.js';

/** Drops TypeBox's symbol keys and our x- annotations' absence of meaning to OpenAPI readers (kept: x- is legal). */
const plain = (schema: TSchema): unknown => JSON.parse(JSON.stringify(schema));

/** Query schema → OpenAPI parameters (one per property). */
function parameters(query: TSchema | undefined) {
  const object = query as { properties?: Record<string, TSchema>; required?: string[] } | undefined;
  return Object.entries(object?.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: object?.required?.includes(name) ?? false,
    schema: plain(schema),
  }));
}

/** A refusal envelope whose `reason` is one of these keys. */
const refusalOf = (reasons: readonly string[]) => {
  const schema = plain(Refusal) as { properties: Record<string, unknown> };
  return { ...schema, properties: { ...schema.properties, reason: { type: 'string', enum: reasons } } };
};

const STATUS_TEXT: Record<number, string> = {
  400: 'invalid input',
  404: 'not found',
  429: 'too many requests',
  500: 'internal error',
  503: 'not available',
};

/**
 * The responses of a call: code 0 with its data, or a refusal with one of the keys the contract lists for that
 * HTTP status (most refusals answer HTTP 200 with a business code, as the spec's clients expect).
 */
function responses(schema: CallSchema) {
  const answers: Record<number, unknown> = {};
  for (const [status, reasons] of refusalsByStatus(schema)) {
    answers[status] =
      status === 200
        ? {
            description: `code 0: data; any other code: a refusal, reason one of ${reasons.join(', ')}`,
            content: { 'application/json': { schema: { oneOf: [plain(Envelope(schema.data)), refusalOf(reasons)] } } },
          }
        : { description: `${STATUS_TEXT[status] ?? 'refused'}: reason one of ${reasons.join(', ')}`, content: { 'application/json': { schema: refusalOf(reasons) } } };
  }
  return answers;
}

/**
 * The OpenAPI 3.1 document of every contract: generated, never written by hand. Refusals share one envelope
 * with a stable `reason` key (see REFUSALS) and `msg` in the language of the `lang` header; each operation lists
 * the keys it may answer, by HTTP status (kit/refusals.ts).
 */
export function openApiDocument(contracts: readonly Contract[], info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const { domain, name, call, schema } of contracts) {
    const operation = {
      operationId: `${domain}.${name}`,
      tags: [domain],
      summary: schema.summary ?? `${call.method} ${call.path}`,
      parameters: [
        { name: 'lang', in: 'header', required: false, schema: { type: 'string' }, description: 'language of msg (en, zh-HK, zh, ko, ja, ge, fr, it, ru)' },
        { name: 'token', in: 'header', required: false, schema: { type: 'string' }, description: 'session token of a logged-in user' },
        { name: 'userType', in: 'header', required: false, schema: { type: 'string', enum: ['real', 'demo'] } },
        ...parameters(schema.query),
      ],
      ...(schema.body ? { requestBody: { required: true, content: { 'application/json': { schema: plain(schema.body) } } } } : {}),
      responses: responses(schema),
    };
    paths[call.path] = { ...(paths[call.path] ?? {}), [call.method.toLowerCase()]: operation };
  }
  return { openapi: '3.1.0', info, paths };
}
