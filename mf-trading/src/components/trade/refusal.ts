import { ApiError, type FailureHandler } from '@meridian/shared';

/** Refusals a trade screen answers with a screen of its own rather than only the toast. */
export const OUT_OF_TRADING_TIME = 'outOfTradingTime';

/**
 * A write's failure handler that tells `onRefused` the reason of a refusal (an answer: the next attempt is a new
 * one) and leaves the telling to the shared report; a lost answer reaches only the report, so the attempt stays.
 */
export function onRefusal(onRefused: (reason: string | undefined) => void): FailureHandler {
  return (failure) => {
    if (failure instanceof ApiError) onRefused(failure.reason);
    return false;
  };
}
