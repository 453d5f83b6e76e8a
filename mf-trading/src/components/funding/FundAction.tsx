import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { wallet } from '@meridian/contracts';
import { navigate, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../i18n';
import { EXTERNAL } from '../../paths';
import { fetchOverview, fundingOf, prefillAmount, type WalletName } from './funding';
import { TransferSheet } from './TransferSheet';
import styles from './funding.module.css';

/** The deposit page for `asset`, coming back to `back` (this trade screen) afterwards. */
export const depositUrl = (asset: string, back: string) => `${EXTERNAL.deposit}?${new URLSearchParams({ asset, redirect: back }).toString()}`;

/**
 * The action beside a trade form's "Available": money in another wallet → "Transfer", a prefilled transfer sheet
 * into the product's wallet (the shortfall of the order being entered, or all the source holds); no money
 * anywhere → "Deposit", to the deposit page and back. Nothing while the wallets are unknown or when the money is
 * already in the product's wallet only. Two taps (Transfer, Confirm) stand between a fresh deposit and the form.
 */
export function FundAction({
  target,
  asset,
  available,
  needed = null,
  decimals = 2,
}: {
  /** The wallet the product trades from. */
  target: WalletName;
  asset: string;
  /** What the form shows as available in `target` (null while loading). */
  available: string | null;
  /** What the order being entered needs from `target` (null when it is within the available balance). */
  needed?: string | null;
  /** Decimals a prefilled shortfall is rounded up to. */
  decimals?: number;
}) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const [open, setOpen] = useState<{ from: WalletName; amount: string; sourceAvailable: string } | null>(null);
  const overview = useApiQuery(wallet.list.path, undefined, () => fetchOverview(), { enabled: loggedIn });
  if (!loggedIn || !overview.data) return null;
  const funding = fundingOf(overview.data, target, asset);
  if (funding.kind === 'none') return null;
  if (funding.kind === 'deposit')
    return (
      <button
        type="button"
        className={styles.action}
        onClick={() => navigate(depositUrl(asset, `${location.pathname}${location.search}`))}
        data-testid="fund-deposit"
      >
        {t('fundDeposit')}
      </button>
    );
  return (
    <>
      <button
        type="button"
        className={styles.action}
        onClick={() =>
          setOpen({
            from: funding.from,
            sourceAvailable: funding.sourceAvailable,
            amount: prefillAmount({ needed, targetAvailable: available, sourceAvailable: funding.sourceAvailable, decimals }),
          })
        }
        data-testid="fund-transfer"
      >
        {t('fundTransfer')}
      </button>
      {/* outside the form's balance line and the form itself: its amount field's Enter must not submit the order */}
      {open
        ? createPortal(<TransferSheet from={open.from} to={target} asset={asset} amount={open.amount} sourceAvailable={open.sourceAvailable} onClose={() => setOpen(null)} />, document.body)
        : null}
    </>
  );
}
