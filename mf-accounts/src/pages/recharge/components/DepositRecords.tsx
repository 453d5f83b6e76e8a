import { PullToRefresh, formatExact, formatScreenTime, orZero } from '@meridian/shared';
import { type Deposit } from '../../../api/deposit';
import { useDeposits } from '../../../api/queries';
import { useT, type Key } from '../../../i18n';
import { LoadMore } from '../../../components/money/parts';
import styles from '../../../components/money/money.module.css';
import own from './deposit.module.css';

/** How often the records are fetched again while a deposit waits for confirmations. */
export const DEPOSIT_REFRESH_MS = 5000;

const STATUS: Record<Deposit['status'], { key: Key; className: string }> = {
  in_progress: { key: 'depositInProgress', className: own.statusProgress! },
  success: { key: 'depositSuccess', className: own.statusSuccess! },
  fail: { key: 'depositFail', className: own.statusFail! },
};

function Row({ label, value, mono }: { label: string; value: string | null | undefined; mono?: boolean }) {
  if (!value) return null;
  return (
    <div className={styles.spread}>
      <span className={styles.muted}>{label}</span>
      <span className={mono ? own.mono : undefined}>{value}</span>
    </div>
  );
}

/** Every few seconds while a deposit shown is in progress, else never. */
const pollWhileWaiting = (rows: Deposit[]) => (rows.some((d) => d.status === 'in_progress') ? DEPOSIT_REFRESH_MS : false);

/** The user's deposits, newest first, with pull-to-refresh and a refresh every few seconds while one is in progress. */
export function DepositRecords() {
  const { t } = useT();
  // a credit or a failure is pushed (and refreshes this list); the confirmations in between are polled
  const paged = useDeposits(pollWhileWaiting);

  return (
    <PullToRefresh
      label={t('rechargeRecordsTitle')}
      onRefresh={paged.refresh}
      loading={paged.loading}
      error={paged.error && paged.items.length === 0}
      errorTitle={t('depositRecordsFailed')}
      empty={!paged.loading && !paged.error && paged.items.length === 0}
      emptyTitle={t('depositsEmpty')}
    >
      <ul className={styles.records} data-testid="deposit-records">
        {paged.items.map((d) => {
          const status = STATUS[d.status] ?? STATUS.in_progress;
          return (
            <li key={d.id} className={styles.record} data-testid="deposit-record">
              <div className={styles.recordHead}>
                <span className={styles.num}>
                  +{formatExact(orZero(d.amount))} {d.asset}
                </span>
                <span className={`${own.status} ${status.className}`} data-testid="deposit-status">
                  {t(status.key)}
                  {d.status === 'in_progress' ? ` · ${t('confirmationsProgress', { done: String(d.confirmations), need: String(d.requiredConfirmations) })}` : ''}
                </span>
              </div>
              {d.status === 'fail' && d.reason ? (
                <p className={styles.error} role="note">
                  {t('depositFailReason', { reason: d.reason })}
                </p>
              ) : null}
              <Row label={t('channelLabel')} value={d.chain ? `${d.channelName} · ${d.chain}` : d.channelName} />
              <Row label={t('txHashLabel')} value={d.txHash ?? d.number} mono />
              <Row label={t('fromAddressLabel')} value={d.fromAddress} mono />
              <Row label={t('toAddressLabel')} value={d.toAddress} mono />
              <Row label={t('timeLabel')} value={formatScreenTime(d.createdAt, 'utc', { zoneLabel: true })} />
              <Row label={t('creditedAtLabel')} value={d.creditedAt ? formatScreenTime(d.creditedAt, 'utc', { zoneLabel: true }) : null} />
            </li>
          );
        })}
      </ul>
      <LoadMore visible={paged.hasMore} busy={paged.loadingMore} failed={paged.moreFailed} onMore={() => void paged.loadMore()} />
    </PullToRefresh>
  );
}
