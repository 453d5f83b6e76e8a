import Decimal from 'decimal.js';
import { netOf, payoutOf, STAKE_DECIMALS, type DataOf, type seconds } from '@meridian/contracts';
import { amountProblem, withinBalance } from '@meridian/shared/money';
import type { Key } from '../../i18n';

export type SecondsProduct = DataOf<typeof seconds.productList>[number];
export type SecondsContract = DataOf<typeof seconds.getContractList>['list'][number];
export type SecondsDetail = DataOf<typeof seconds.detail>;
export type Direction = 'up' | 'down';

/** The duration's label in the spec's words (sec, mins, hour), translated. */
export const DURATION_UNIT_KEYS: Record<SecondsProduct['duration']['unit'], Key> = {
  sec: 'secondsUnitSec',
  mins: 'secondsUnitMins',
  hour: 'secondsUnitHour',
};

export interface StakeProblem {
  key: Key;
  values?: Record<string, string>;
}

/**
 * The first thing wrong with a stake, as the server would refuse it (a positive USDT amount with at most six
 * decimals, within the product's limits) and as the option wallet would (no more than is available): the shared
 * amount rules, in the seconds texts, which name the limit that was missed.
 */
export function stakeProblem(stake: string, product: Pick<SecondsProduct, 'minStake' | 'maxStake'>, available: string | null): StakeProblem | null {
  switch (amountProblem(stake, { decimals: STAKE_DECIMALS, min: product.minStake, max: product.maxStake })) {
    case null:
      break;
    case 'belowMin':
      return { key: 'secondsStakeBelowMinimum', values: { min: product.minStake } };
    case 'aboveMax':
      return { key: 'secondsStakeAboveMaximum', values: { max: product.maxStake } };
    default:
      return { key: 'secondsStakeInvalid', values: { decimals: String(STAKE_DECIMALS) } };
  }
  if (available !== null && withinBalance(available)(stake, {})) return { key: 'insufficientBalance' };
  return null;
}

/** What the confirmation sheet shows: the contract's numbers before any money moves, from the same formulas the server settles with. */
export interface SecondsQuote {
  direction: Direction;
  stake: string;
  product: SecondsProduct;
  /** A win pays this back (stake × (1 + ratio)). */
  payoutIfWon: string;
  /** A win gains this (stake × ratio). */
  gainIfWon: string;
  /** A loss loses the whole stake. */
  lossIfLost: string;
  /** The latest price the form showed (the server opens on its own current tick). */
  price: string | null;
}

export function secondsQuote(direction: Direction, stake: string, product: SecondsProduct, price: string | null): SecondsQuote {
  const amount = new Decimal(stake.trim()).toFixed();
  return {
    direction,
    stake: amount,
    product,
    payoutIfWon: payoutOf('win', amount, product.payoutRatio),
    gainIfWon: netOf('win', amount, product.payoutRatio),
    lossIfLost: amount,
    price,
  };
}

/** A countdown as mm:ss (minutes keep counting past 59: a one-hour contract starts at 60:00); never below 00:00. */
export function formatCountdown(remainingMs: number): string {
  const total = Math.max(0, Math.ceil(remainingMs / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`;
}

/** Where the user's disclosure acceptance is remembered: per user, so another login on the same browser reads it again. */
export const disclosureKey = (userId: string) => `meridian.secondsDisclosure.${userId}`;
