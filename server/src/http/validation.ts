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

/**
 * Fastify's validator compiler: strict for bodies, coercing for the query string, params and headers. Before any
 * schema, a NUL character anywhere in the input (a value or a key, however deep) is refused as "Invalid characters in
 * <field>" (invalidText): PostgreSQL cannot store one in text, so a field whose schema forgot to refuse control
 * characters would otherwise reach the store and answer HTTP 500.
 */
export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => refusingNul((httpPart === 'body' ? bodies : texts).compile(schema));

type Validate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

function refusingNul(validate: Validate): Validate {
  const checked: Validate = (data) => {
    const at = nulAt(data, '', 0);
    if (at !== undefined) {
      checked.errors = [{ keyword: 'nul', instancePath: at, schemaPath: '#', params: {}, message: 'must not contain a NUL character', parentSchema: { [REASON]: 'invalidText' } }];
      return false;
    }
    const valid = validate(data);
    checked.errors = validate.errors ?? null;
    return valid;
  };
  return checked;
}

/** The JSON pointer of the first string or key holding a NUL, or undefined (depth-bounded: bodies are small). */
function nulAt(value: unknown, path: string, depth: number): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (typeof value !== 'object' || value === null || depth > 32) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) return path; // the object holding the key: its name is not worth echoing
    const at = `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    const inner = nulAt(item, at, depth + 1);
    if (inner !== undefined) return inner;
  }
  return undefined;
}

/** The refusal key a validation failure answers with: the failing schema's own (x-reason) or "invalid field". */
export function refusalOfValidation(errors: readonly Partial<ErrorObject>[], part: string | undefined) {
  const first = errors[0];
  const own = (first?.parentSchema as Record<string, unknown> | undefined)?.[REASON];
  const missing = first?.keyword === 'required' ? String((first.params as { missingProperty?: string }).missingProperty ?? '') : '';
  const field = missing || (first?.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.') || part || 'body';
  // a symbol that fails the symbol pattern: blank is a missing symbol, anything else an unknown one named as sent
  // (the text "Unknown symbol: {{symbol}}" with no symbol told the caller nothing)
  if (own === 'unknownSymbol') return symbolRefusal(first?.data);
  // a schema's own reason names the field only when its text has a place for it ("Invalid characters in {{field}}")
  if (typeof own === 'string') return (REFUSALS as Record<string, string>)[own]?.includes('{{field}}') ? { reason: own, params: { field } } : { reason: own };
  return missing ? { reason: 'fieldRequired', params: { field } } : { reason: 'invalidField', params: { field } };
}

/** The refusal of a symbol the schema refused: symbolRequired when empty or blank, else unknownSymbol naming it (cut to 40 characters). */
function symbolRefusal(value: unknown): { reason: string; params?: Record<string, string> } {
  const text = typeof value === 'string' ? value.trim() : '';
  return text ? { reason: 'unknownSymbol', params: { symbol: text.slice(0, 40) } } : { reason: 'symbolRequired' };
}
