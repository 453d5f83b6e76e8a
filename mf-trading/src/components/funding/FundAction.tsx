import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router-dom';
import { wallet } from '@meridian/contracts';
import { navigate, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../i18n';
import { EXTERNAL } from '../../paths';
import { fundingOf, prefillAmount, type WalletName } from './funding';
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
  const overview = useApiQuery(wallet.list, undefined, { enabled: loggedIn });
  if (!loggedIn) return null;
  // the slot keeps its width whether or not an action shows, so the balance beside it never moves or wraps
  const funding = overview.data ? fundingOf(overview.data, target, asset) : null;
  if (!funding || funding.kind === 'none') return <span className={styles.slot} aria-hidden="true" />;
  if (funding.kind === 'deposit')
    return (
      <span className={styles.slot}>
        <button
          type="button"
          className={styles.action}
          aria-label={t('fundDeposit')}
          title={t('fundDeposit')}
          onClick={() => navigate(depositUrl(asset, `${location.pathname}${location.search}`))}
          data-testid="fund-deposit"
        >
          <PlusIcon />
        </button>
      </span>
    );
  return (
    <span className={styles.slot}>
      <button
        type="button"
        className={styles.action}
        aria-label={t('fundTransfer')}
        title={t('fundTransfer')}
        onClick={() =>
          setOpen({
            from: funding.from,
            sourceAvailable: funding.sourceAvailable,
            amount: prefillAmount({ needed, targetAvailable: available, sourceAvailable: funding.sourceAvailable, decimals }),
          })
        }
        data-testid="fund-transfer"
      >
        <TransferIcon />
      </button>
      {/* outside the form's balance line and the form itself: its amount field's Enter must not submit the order */}
      {open
        ? createPortal(<TransferSheet from={open.from} to={target} asset={asset} amount={open.amount} sourceAvailable={open.sourceAvailable} onClose={() => setOpen(null)} />, document.body)
        : null}
    </span>
  );
}

/** Two opposite arrows, as exchanges mark a transfer between one's own wallets. */
function TransferIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M2 5h10M9 2l3 3-3 3M14 11H4M7 8l-3 3 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function PlusIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.4" />
      <path d="M8 5v6M5 8h6" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}
