// The schema side of the contracts: only the server (and the OpenAPI generator) imports this.
import { Type, type TLiteral, type TSchema, type TUnion, type TObject, type TProperties } from 'typebox';

/**
 * The refusal key a schema's failure answers with. The server's validator reads it from the failing schema
 * (`x-reason`), so a malformed amount answers the spec's "Invalid amount" rather than a JSON-schema sentence.
 */
export const REASON = 'x-reason';

/**
 * One strict decimal for every amount, price and quantity on the wire: a plain decimal string — digits, at most
 * one point with digits on both sides, no sign, no leading zeros, bounded integer part and scale. Hex, binary,
 * octal, exponent notation, numbers, arrays, booleans and empty strings are all refused (bodies are validated
 * without type coercion), before any service code runs.
 */
export function Decimal(options: { scale?: number; digits?: number; reason?: string; description?: string } = {}) {
  const { scale = 18, digits = 30, reason = 'invalidAmount', description } = options;
  return Type.String({
    pattern: `^(?:0|[1-9][0-9]{0,${digits - 1}})(?:\\.[0-9]{1,${scale}})?$`,
    maxLength: digits + scale + 1,
    [REASON]: reason,
    ...(description ? { description } : {}),
  });
}

/** A decimal as the server answers it (sign allowed: P/L, account changes); never parsed from a client. */
export const SignedDecimal = Type.String({ pattern: '^-?[0-9]+(\\.[0-9]+)?$' });

/** No control character at all: one-line text (names, codes, addresses, keywords, passwords). */
const ONE_LINE = '^[^\\u0000-\\u001f\\u007f]*$';
/** Tab, line feed and carriage return allowed, no other control character: text a user may break into lines. */
const MULTI_LINE = '^[^\\u0000-\\u0008\\u000b\\u000c\\u000e-\\u001f\\u007f]*$';

/**
 * A bounded text field, non-empty unless `min` says otherwise. Control characters (NUL and the rest of
 * U+0000–U+001F, U+007F; a `multiline` field keeps tab and line breaks) are refused as "Invalid characters in
 * <field>" (reason invalidText) before any service code runs: PostgreSQL cannot store a NUL, and no screen
 * shows the others. The character check sits in its own sub-schema so that only it answers invalidText; a text
 * too long or empty still answers the call's own reason or "Invalid value for <field>".
 */
export const Text = (max: number, options: { reason?: string; min?: number; multiline?: boolean; description?: string } = {}) =>
  Type.String({
    minLength: options.min ?? 1,
    maxLength: max,
    allOf: [{ pattern: options.multiline ? MULTI_LINE : ONE_LINE, [REASON]: 'invalidText' }],
    ...(options.reason ? { [REASON]: options.reason } : {}),
    ...(options.description ? { description: options.description } : {}),
  });

/** A client-generated id per user action; a retry sends the same one and moves nothing twice. */
export const RequestId = Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', description: 'one per user action, reused by its retries' });

/** A time on the wire: ISO 8601 (the serializer writes a Date as one). */
export const DateTime = Type.String({ format: 'date-time' });

type Literals<T extends readonly string[]> = { -readonly [K in keyof T]: TLiteral<T[K]> };

/** One of a `const` list of strings, typed as that union (a plain `.map` to literals would type as never). */
export function OneOf<const T extends readonly string[]>(values: T, options: { default?: T[number]; description?: string } = {}): TUnion<Literals<T>> {
  return Type.Union(values.map((value) => Type.Literal(value)), options) as unknown as TUnion<Literals<T>>;
}

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The page query of every list call: page from 1, size 1–100 (defaults 1 and 20). */
export function PageQuery<P extends TProperties>(properties: P = {} as P) {
  return Type.Object({
    ...properties,
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
    size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  });
}

/** One page of a list: total rows, the page asked for and its rows. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ total: Type.Integer(), page: Type.Integer(), size: Type.Integer(), list: Type.Array(item) });

/** The reply envelope around a call's data (code 0 on success). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data });

/** The refusal envelope: a stable reason key and its parameters beside the message in the request's language. */
export const Refusal = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  reason: Type.String(),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  data: Type.Null(),
});

export type { TObject };
