import { Ajv, type ErrorObject } from 'ajv';
import formats from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { REFUSALS } from '@meridian/contracts';
import { REASON } from '@meridian/contracts/schemas';

function createAjv(coerceTypes: boolean | 'array'): Ajv {
  const ajv = new Ajv({
    coerceTypes,
    useDefaults: true,
    removeAdditional: false,
    allErrors: false,
    // the failing schema travels with the error, so its x-reason can name the refusal
    verbose: true,
    strict: false,
  });
  // ajv-formats is CommonJS: its default export arrives as the module object under NodeNext
  (formats as unknown as { default: (ajv: Ajv) => void }).default(ajv);
  ajv.addKeyword({ keyword: REASON, schemaType: 'string' });
  return ajv;
}

/** JSON bodies keep their types: "5" is a decimal string, 5, [“5”] and true are refused rather than coerced. */
const bodies = createAjv(false);
/** Query strings and params are text by nature: "1" may become the integer a page number is. */
const texts = createAjv('array');

/** Fastify's validator compiler: strict for bodies, coercing for the query string, params and headers. */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => (httpPart === 'body' ? bodies : texts).compile(schema);

/** The refusal key a validation failure answers with: the failing schema's own (x-reason) or "invalid field". */
export function refusalOfValidation(errors: readonly Partial<ErrorObject>[], part: string | undefined) {
  const first = errors[0];
  const own = (first?.parentSchema as Record<string, unknown> | undefined)?.[REASON];
  const missing = first?.keyword === 'required' ? String((first.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const field = missing || (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || part || 'body';
  // a schema's own reason names the field only when its text has a place for it ("Invalid characters in {{field}}")
  if (typeof own === 'string') return (REFUSALS as Record<string, string>)[own]?.includes('{{field}}') ? { reason: own, params: { field } } : { reason: own };
  return missing ? { reason: 'fieldRequired', params: { field } } : { reason: 'invalidField', params: { field } };
}
