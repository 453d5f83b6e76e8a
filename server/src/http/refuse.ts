import type { RefusalReason } from '@meridian/contracts';
import { AppError } from './envelope.js';
import { renderRefusal, type RefusalParams } from './refusals.js';

/** The spec's business codes of a refusal's envelope: the client shows msg for each; 301 ends the session. */
export const IDENTITY_FAIL = 1001;
export const MONEY_FAIL = 1002;
export const SESSION_EXPIRED = 301;

/**
 * A refusal by its catalogue key (contracts' REFUSALS) and parameters: the error handler writes msg in the
 * request's language and sends the key and parameters as reason and params. The error's own message is the
 * English text, for logs and for the operator commands that print it.
 */
export function refuse(reason: RefusalReason, params: RefusalParams = {}, code: number = MONEY_FAIL, httpStatus?: number): AppError {
  return new AppError(code, renderRefusal(reason, 'en', params), httpStatus, reason, params);
}

/**
 * An operator's English message outside the catalogue (a review or back-office command, the simulated chain, a
 * broken deployment): sent with reason 'unlisted'. A refusal a user can meet is made by refuse() instead.
 */
export function operatorError(message: string, code: number = MONEY_FAIL, httpStatus?: number): AppError {
  return new AppError(code, message, httpStatus);
}
