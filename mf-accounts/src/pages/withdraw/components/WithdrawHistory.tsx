import { useState } from 'react';
import { Button, Dialog, PullToRefresh, useApiAction, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { cancelWithdraw, type Withdrawal } from '../../../api/withdraw';
import { useInvalidate, useWithdrawals } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import { LoadMore } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import own from '../../recharge/components/deposit.module.css';

const STATUS_KEYS: Record<string, Key> = {
  pending: 'withdrawPending',
  approved: 'withdrawApproved',
  completed: 'withdrawCompleted',
  rejected: 'withdrawRejected',
  canceled: 'withdrawCanceled',
};

const STATUS_CLASS: Record<string, string | undefined> = {
  pending: own.statusProgress,
  approved: own.statusProgress,
  completed: own.statusSuccess,
  rejected: own.statusFail,
  canceled: undefined,
};

const ACTOR_KEYS: Record<string, Key> = { user: 'actorUser', operator: 'actorOperator', system: 'actorSystem' };

/** The user's withdrawals with every status change (time, who, reason); a pending one can be canceled. */
export function WithdrawHistory() {
  const { t } = useT();
  const paged = useWithdrawals();
  const invalidate = useInvalidate();
  const [canceling, setCanceling] = useState<Withdrawal | null>(null);
  const { busy, run } = useApiAction();
  const status = (value: string) => (STATUS_KEYS[value.toLowerCase()] ? t(STATUS_KEYS[value.toLowerCase()]!) : value);

  const cancel = async () => {
    if (!canceling) return;
    const answer = await run(() => cancelWithdraw(canceling.id));
    setCanceling(null);
    // the frozen amount returns: balances and this list refetch
    if (answer) await invalidate('WITHDRAW');
  };

  return (
    <>
      <PullToRefresh
        label={t('withdrawHistoryTitle')}
        onRefresh={paged.refresh}
        loading={paged.loading}
        error={paged.error && paged.items.length === 0}
        errorTitle={t('withdrawalsFailed')}
        empty={!paged.loading && !paged.error && paged.items.length === 0}
        emptyTitle={t('withdrawalsEmpty')}
      >
        <ul className={styles.records} data-testid="withdraw-records">
          {paged.items.map((w) => (
            <li key={w.id} className={styles.record} data-testid="withdraw-record">
              <div className={styles.recordHead}>
                <span className={styles.num}>
                  −{formatExact(orZero(w.amount))} {w.asset}
                </span>
                <span className={`${own.status} ${STATUS_CLASS[w.status] ?? ''}`} data-testid="withdraw-status">
                  {status(w.status)}
                </span>
              </div>
              <div className={styles.spread}>
                <span className={styles.muted}>{t('withdrawAddressLabel')}</span>
                <span className={own.mono}>{w.alias ? `${w.alias} · ${w.address}` : w.address}</span>
              </div>
              <div className={styles.spread}>
                <span className={styles.muted}>{t('chainLabel')}</span>
                <span>{w.chainName ?? w.chain}</span>
              </div>
              <div className={styles.spread}>
                <span className={styles.muted}>{t('feeLabel')}</span>
                <span className={styles.num}>
                  {formatExact(orZero(w.fee))} {w.asset}
                  {w.feeExempt ? ` · ${t('feeExemptShort')}` : ''}
                </span>
              </div>
              <div className={styles.spread}>
                <span className={styles.muted}>{t('amountAfterFeeLabel')}</span>
                <span className={styles.num}>
                  {formatExact(orZero(w.amountAfterFee))} {w.asset}
                </span>
              </div>
              {w.txHash ? (
                <div className={styles.spread}>
                  <span className={styles.muted}>{t('txHashLabel')}</span>
                  <span className={own.mono}>{w.txHash}</span>
                </div>
              ) : null}
              {w.reason ? (
                <p className={styles.error} role="note">
                  {t('reasonLabel')}: {w.reason}
                </p>
              ) : null}
              <ol className={own.events} aria-label={t('withdrawEventsLabel')} data-testid="withdraw-events">
                {(w.events ?? []).map((event, index) => (
                  <li key={`${event.status}:${event.at}:${index}`}>
                    {formatScreenTime(event.at, 'utc', { zoneLabel: true })} · {status(event.status)}
                    {ACTOR_KEYS[event.actor] ? ` · ${t(ACTOR_KEYS[event.actor]!)}` : ''}
                    {event.reason ? ` · ${event.reason}` : ''}
                  </li>
                ))}
              </ol>
              {w.status === 'pending' ? (
                <button type="button" className={styles.chip} onClick={() => setCanceling(w)}>
                  {t('cancelWithdrawButton')}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
      </PullToRefresh>
      {canceling ? (
        <Dialog
          title={t('cancelWithdrawTitle')}
          testId="cancel-withdraw"
          onDismiss={() => setCanceling(null)}
          actions={
            <>
              <Button type="button" variant="secondary" onClick={() => setCanceling(null)}>
                {t('keepWithdrawButton')}
              </Button>
              <Button type="button" data-primary disabled={busy} onClick={() => void cancel()}>
                {t('cancelWithdrawButton')}
              </Button>
            </>
          }
        >
          <p>{t('cancelWithdrawBody', { amount: formatExact(orZero(canceling.amount)), asset: canceling.asset })}</p>
        </Dialog>
      ) : null}
    </>
  );
}
