import { formatScreenTime } from '@meridian/shared';
import { useT, type Key } from '../../../../i18n';
import styles from './offers.module.css';

const STATUS: Record<string, { key: Key; tone: 'good' | 'bad' | 'wait' | 'plain' }> = {
  pendingReview: { key: 'offerStatusPendingReview', tone: 'wait' },
  passed: { key: 'offerStatusPassed', tone: 'good' },
  rejected: { key: 'offerStatusRejected', tone: 'bad' },
  processing: { key: 'offerStatusProcessing', tone: 'wait' },
  completed: { key: 'offerStatusCompleted', tone: 'good' },
  canceled: { key: 'offerStatusCanceled', tone: 'bad' },
  approved: { key: 'offerStatusApproved', tone: 'good' },
  expired: { key: 'offerStatusExpired', tone: 'bad' },
  upcoming: { key: 'ipoPhaseUpcoming', tone: 'wait' },
  open: { key: 'ipoPhaseOpen', tone: 'good' },
  closed: { key: 'ipoPhaseClosed', tone: 'wait' },
  allocated: { key: 'ipoPhaseAllocated', tone: 'plain' },
  listed: { key: 'ipoPhaseListed', tone: 'plain' },
};

/** A status or phase as a badge (its text, not only its colour, says it). */
export function StatusBadge({ status, testId }: { status: string; testId?: string }) {
  const { t } = useT();
  const known = STATUS[status];
  const tone = known?.tone ?? 'plain';
  const className = tone === 'good' ? styles.badgeGood : tone === 'bad' ? styles.badgeBad : tone === 'wait' ? styles.badgeWait : styles.badge;
  return (
    <span className={className} data-testid={testId} data-status={status}>
      {known ? t(known.key) : status}
    </span>
  );
}

export const screenTime = (iso: string) => formatScreenTime(iso, 'utc', { upTo: 'minute', zoneLabel: true });

/** The statuses a record went through, each with its time (the spec: statuses with their times). */
export function Timeline({ steps }: { steps: Array<[Key, string | null]> }) {
  const { t } = useT();
  return (
    <ol className={styles.timeline}>
      {steps
        .filter((step): step is [Key, string] => step[1] !== null)
        .map(([key, time]) => (
          <li key={key}>
            {t(key)}: {screenTime(time)}
          </li>
        ))}
    </ol>
  );
}
