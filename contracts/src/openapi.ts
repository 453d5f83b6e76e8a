import type { TSchema } from 'typebox';
import type { Contract } from './kit/bind.js';
import { Envelope, Refusal } from './kit/schema.js';

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

/**
 * The OpenAPI 3.1 document of every contract: generated, never written by hand. Refusals share one envelope
 * with a stable `reason` key (see REFUSALS) and `msg` in the language of the `lang` header.
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
      responses: {
        200: {
          description: 'code 0: data; any other code: a refusal (reason, params, msg)',
          content: { 'application/json': { schema: { oneOf: [plain(Envelope(schema.data)), plain(Refusal)] } } },
        },
        400: { description: 'invalid input', content: { 'application/json': { schema: plain(Refusal) } } },
      },
    };
    paths[call.path] = { ...(paths[call.path] ?? {}), [call.method.toLowerCase()]: operation };
  }
  return { openapi: '3.1.0', info, paths };
}
