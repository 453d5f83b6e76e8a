import Decimal from 'decimal.js';
import { wallet, type DataOf } from '@meridian/contracts';
import { call } from '@meridian/shared';

/** Every wallet with what it holds (one call: the source of a transfer is whichever holds the money). */
export type Overview = DataOf<typeof wallet.list>;
/** The user's wallets, as the server names them; the products trade from spot, contract (perpetual, forex) and option (seconds). */
export type WalletName = Overview['wallets'][number]['wallet'];

export const fetchOverview = (): Promise<Overview> => call(wallet.list, undefined, { silent: true });

const positive = (value: string | null | undefined): boolean => {
  try {
    return value !== null && value !== undefined && value !== '' && new Decimal(value).gt(0);
  } catch {
    return false;
  }
};

/**
 * What the action next to a form's "Available" offers:
 * - `transfer`: another wallet holds the asset: move it from the one that holds the most;
 * - `deposit`: no wallet holds any of it and the product's wallet is empty (a new account);
 * - `none`: the money is already where the product trades, and nowhere else.
 */
export type Funding = { kind: 'transfer'; from: WalletName; sourceAvailable: string } | { kind: 'deposit' } | { kind: 'none' };

export function fundingOf(overview: Overview, target: WalletName, asset: string): Funding {
  let best: { from: WalletName; available: Decimal } | null = null;
  let targetHolds = false;
  for (const view of overview.wallets) {
    const row = view.assets.find((a) => a.asset === asset);
    if (!row || !positive(row.available)) continue;
    if (view.wallet === target) {
      targetHolds = true;
      continue;
    }
    const available = new Decimal(row.available);
    if (!best || available.gt(best.available)) best = { from: view.wallet, available };
  }
  if (best) return { kind: 'transfer', from: best.from, sourceAvailable: best.available.toFixed() };
  return targetHolds ? { kind: 'none' } : { kind: 'deposit' };
}

/**
 * The amount a transfer is prefilled with: the shortfall (what the order needs beyond what the product's wallet
 * has, rounded up to `decimals`) when the source holds that much, else the source's whole available balance.
 */
export function prefillAmount({ needed, targetAvailable, sourceAvailable, decimals }: { needed: string | null; targetAvailable: string | null; sourceAvailable: string; decimals: number }): string {
  const source = new Decimal(sourceAvailable);
  if (positive(needed)) {
    const shortfall = new Decimal(needed!).minus(positive(targetAvailable) ? targetAvailable! : 0).toDecimalPlaces(decimals, Decimal.ROUND_UP);
    if (shortfall.gt(0) && shortfall.lte(source)) return shortfall.toFixed();
  }
  return source.toFixed();
}
