import type { RefusalReason } from '@meridian/contracts';
import { AppError } from '../../http/envelope.js';
import { renderRefusal, type RefusalParams } from '../../http/refusals.js';
import { MONEY_FAIL } from '../ledger/messages.js';

/** A trading refusal by its catalogue key (the message is rendered in the request's language by the error handler). */
export function refuse(reason: RefusalReason, params: RefusalParams = {}): AppError {
  return new AppError(MONEY_FAIL, renderRefusal(reason, 'en', params), undefined, reason, params);
}
