import { useCallback, useId, type ChangeEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Page, Protected } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import { P } from '../../paths';
import type { WalletName } from '../../api/wallet';
import styles from './money.module.css';

/** A money screen: only for a logged-in user (a visitor is told to log in first and comes back after). */
export function RequireLogin({ children }: { children: ReactNode }) {
  const routerNavigate = useNavigate();
  const navigate = useCallback((url: string) => routerNavigate(url, { replace: true }), [routerNavigate]);
  return <Protected navigate={navigate}>{children}</Protected>;
}

/** A protected mobile money screen with its title. */
export function MoneyScreen({ title, subtitle, children }: { title: Key; subtitle?: Key; children: ReactNode }) {
  const { t } = useT();
  return (
    <RequireLogin>
      <Page title={t(title)} subtitle={subtitle ? t(subtitle) : undefined}>
        {children}
      </Page>
    </RequireLogin>
  );
}

const WALLET_KEYS: Record<WalletName, Key> = {
  platform: 'walletNamePlatform',
  spot: 'walletNameSpot',
  contract: 'walletNameContract',
  wealth: 'walletNameWealth',
  option: 'walletNameOption',
};

/** The platform's own accounts a change can come from or go to. */
const PLATFORM_ACCOUNT_KEYS: Record<string, Key> = {
  chain: 'counterpartyChain',
  backoffice: 'counterpartyBackoffice',
  fees: 'counterpartyFees',
  desk: 'counterpartyDesk',
  loans: 'counterpartyLoans',
  demo: 'counterpartyDemo',
};

/** Translated wallet names; an unknown account shows as it is. */
export function useWalletNames() {
  const { t } = useT();
  return useCallback(
    (wallet: string): string => {
      const key = WALLET_KEYS[wallet as WalletName] ?? PLATFORM_ACCOUNT_KEYS[wallet];
      return key ? t(key) : wallet;
    },
    [t],
  );
}

/** The show/hide balances toggle (an eye). */
export function EyeToggle({ hidden, onToggle, className }: { hidden: boolean; onToggle: () => void; className?: string }) {
  const { t } = useT();
  return (
    <button
      type="button"
      className={[styles.eye, className].filter(Boolean).join(' ')}
      onClick={onToggle}
      aria-pressed={hidden}
      aria-label={t(hidden ? 'showBalances' : 'hideBalances')}
      title={t(hidden ? 'showBalances' : 'hideBalances')}
      data-testid="balance-eye"
    >
      <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M1 12s4-7 11-7 11 7 11 7-4 7-11 7S1 12 1 12z" />
        <circle cx="12" cy="12" r="3" />
        {hidden ? <line x1="3" y1="3" x2="21" y2="21" /> : null}
      </svg>
    </button>
  );
}

export interface Option {
  value: string;
  label: string;
}

/** A labelled native select (the platform's pickers: native on phones, keyboard-friendly everywhere). */
export function SelectField({
  label,
  value,
  options,
  onChange,
  error,
  testId,
  disabled,
}: {
  label: string;
  value: string;
  options: Option[];
  onChange: (value: string) => void;
  error?: string | null;
  testId?: string;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className={styles.select}>
      <label className={styles.selectLabel} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={styles.selectControl}
        value={value}
        disabled={disabled}
        data-testid={testId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Links between the records of money movement (transfers, conversions, deposits, withdrawals). */
export function RecordsNav() {
  const { t } = useT();
  const { pathname } = useLocation();
  const transfers = pathname.startsWith('/pages/transfer') ? P.transferRecords : P.assetsTransferRecords;
  const links: Array<[href: string, title: Key]> = [
    [transfers, 'transferRecordsTitle'],
    [P.convertRecords, 'convertRecordsTitle'],
    [P.rechargeRecords, 'rechargeRecordsTitle'],
    [P.withdrawHistory, 'withdrawHistoryTitle'],
  ];
  return (
    <nav aria-label={t('recordsLabel')}>
      <ul className={styles.subnav}>
        {links.map(([href, title]) => (
          <li key={href}>
            <Link className={styles.chip} to={href} aria-current={pathname === href ? 'page' : undefined}>
              {t(title)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** "Load more" under a paged list, with its failure said beside it. */
export function LoadMore({ visible, busy, failed, onMore }: { visible: boolean; busy: boolean; failed: boolean; onMore: () => void }) {
  const { t } = useT();
  if (!visible) return null;
  return (
    <div className={styles.stack}>
      {failed ? (
        <p className={styles.error} role="alert">
          {t('loadMoreFailed')}
        </p>
      ) : null}
      <button type="button" className={`${styles.chip} ${styles.more}`} onClick={onMore} disabled={busy}>
        {busy ? t('loadingMore') : t('loadMore')}
      </button>
    </div>
  );
}
