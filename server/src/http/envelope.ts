import type { RefusalReason } from '@meridian/contracts';

/** The response envelope of every API call (the spec's client treats code 0 or 200 as success). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export function ok<T>(data: T): Envelope<T> {
  return { code: 0, msg: 'ok', data };
}

/**
 * A failure the client is meant to see: msg is shown to the user as a toast. A user's refusal is made by
 * refuse() (http/refuse.ts) with its catalogue key; one without a reason carries an operator command's own
 * English text (sent as reason 'unlisted'). When httpStatus is omitted,
 * codes in the HTTP error range (400-599) use that status and every other code answers 200, because the
 * spec's business codes (e.g. 301 and 999 for an expired session) are read from the envelope, and an HTTP 301
 * would be a redirect.
 */
export class AppError extends Error {
  readonly httpStatus: number;

  constructor(
    readonly code: number,
    msg: string,
    httpStatus?: number,
    /** The refusal key (contracts' REFUSALS), msg being its English text with params filled. */
    readonly reason?: RefusalReason,
    readonly params?: Record<string, string | number>,
  ) {
    super(msg);
    this.name = 'AppError';
    this.httpStatus = httpStatus ?? (code >= 400 && code <= 599 ? code : 200);
  }
}
