import { formatScreenTime } from '@meridian/shared';
import { useT, type Key } from '../../../../i18n';
import styles from './offers.module.css';

type Step = 'subscribe' | 'allot' | 'approve' | 'deliver' | 'release';
const STEP_TEXT: Record<Step, Key> = {
  subscribe: 'offerReceiptSubscribe',
  allot: 'offerReceiptAllot',
  approve: 'offerReceiptApprove',
  deliver: 'offerReceiptDeliver',
  release: 'offerReceiptRelease',
};

/**
 * A subscription's receipts in the platform's receipt chain (like a stock fill's): each money step with its time
 * and hash, so the record can be checked against `receipts verify`.
 */
export function OfferReceipts({ receipts, testId }: { receipts: readonly { step: Step; hash: string; at: string }[]; testId: string }) {
  const { t } = useT();
  if (!receipts.length) return null;
  return (
    <div className={styles.proof} data-testid={testId}>
      <p className={styles.proofTitle}>{t('offerReceipts')}</p>
      <dl className={styles.facts}>
        {receipts.map((r) => (
          <div key={`${r.step}-${r.hash}`} className={styles.receiptRow} data-step={r.step}>
            <dt className={styles.hashLabel}>
              {t(STEP_TEXT[r.step])} · {formatScreenTime(r.at, 'utc', { upTo: 'minute', zoneLabel: true })}
            </dt>
            <dd className={styles.hash}>{r.hash}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
