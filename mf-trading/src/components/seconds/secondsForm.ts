import { createForm } from '@meridian/shared';
import { secondsQuote, stakeProblem, type SecondsProduct, type SecondsQuote, type StakeProblem } from './terms';

export interface SecondsValues {
  productId: string;
  stake: string;
}

/** What the seconds form knows besides its entries: the symbol's products and what the option wallet holds. */
export interface SecondsEnv {
  products: readonly SecondsProduct[];
  /** Available USDT in the option wallet (null while unknown). */
  available: string | null;
}

/** The chosen product, the first one when the chosen one is gone. */
export const productOf = ({ productId }: Pick<SecondsValues, 'productId'>, { products }: Pick<SecondsEnv, 'products'>): SecondsProduct =>
  products.find((p) => p.id === productId) ?? products[0]!;

/**
 * The Seconds form: a duration (a product) and the stake, refused as the server and the option wallet would
 * (terms.ts). Its summary is what an Up stake pays (the payout preview); the direction is chosen by the button
 * that sends it. Problems show once the user tried to send: the screen edits with `patch`.
 */
export const secondsForm = createForm<SecondsValues, SecondsEnv, SecondsQuote | null, StakeProblem>({
  initial: { productId: '', stake: '' },
  rules: (values, env) => ({ stake: stakeProblem(values.stake, productOf(values, env), env.available) }),
  summary: (values, env) => (stakeProblem(values.stake, productOf(values, env), env.available) ? null : secondsQuote('up', values.stake, productOf(values, env), null)),
});
