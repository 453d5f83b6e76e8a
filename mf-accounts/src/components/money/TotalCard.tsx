import * as contracts from '@meridian/contracts';
import { useState } from 'react';
import { useStore } from 'jotai';
import { useQueryClient } from '@tanstack/react-query';
import { queryOf, Button, Dialog, showToast, useApiAction, formatBalance, orZero } from '@meridian/shared';
import { resetDemo, type Overview } from '../../api/wallet';
import { useInvalidate } from '../../api/queries';
import { useT } from '../../i18n';
import { useHiddenBalances } from './hidden';
import { EyeToggle } from './parts';
import styles from './money.module.css';

/**
 * The total of every wallet in USDT with the show/hide eye; in demo mode a clear DEMO marker, a note that the
 * funds are virtual, and "Reset demo balance" behind a confirmation (account/resetDemo).
 */
export function TotalCard({ overview, demo }: { overview: Overview | undefined; demo: boolean }) {
  const { t } = useT();
  const { hidden, toggle, mask } = useHiddenBalances();
  return (
    <section className={`${styles.total} ${demo ? styles.totalDemo : ''}`} aria-labelledby="total-label" data-testid="wallet-total-card">
      <div className={styles.spread}>
        <p className={styles.totalLabel}>
          <span id="total-label">{t('totalAssetsLabel')}</span>
          <EyeToggle hidden={hidden} onToggle={toggle} />
        </p>
        {demo ? (
          <span className={styles.badge} data-testid="wallet-demo-badge">
            {t('demoBadge')}
          </span>
        ) : null}
      </div>
      <p className={styles.totalValue} data-testid="wallet-total">
        {/* the unit comes with the amount: shown beside the dash, it would jump sideways when the amount arrives */}
        {overview ? (
          <>
            {mask(formatBalance(orZero(overview.totalUsdt), 'USDT'))}
            <span className={styles.totalUnit}>USDT</span>
          </>
        ) : (
          '—'
        )}
      </p>
      {demo ? (
        <>
          <p className={styles.demoNote}>{t('demoNote')}</p>
          <ResetDemo />
        </>
      ) : null}
    </section>
  );
}

function ResetDemo() {
  const { t, tc } = useT();
  const store = useStore();
  const client = useQueryClient();
  const invalidate = useInvalidate();
  const { busy, run } = useApiAction();
  const [asking, setAsking] = useState(false);
  const reset = async () => {
    const result = await run(resetDemo);
    setAsking(false);
    if (!result) return;
    // the answer is the new overview: shown at once, and everything else the reset changed refetches
    client.setQueryData<Overview>(queryOf(contracts.wallet.list).queryKey, result.value);
    void invalidate('DEMO_RESET');
    showToast(store, t('resetDemoDone'), 'success');
  };
  return (
    <>
      <Button variant="secondary" className={styles.resetButton} onClick={() => setAsking(true)} disabled={busy}>
        {t('resetDemoButton')}
      </Button>
      {asking ? (
        <Dialog
          title={t('resetDemoTitle')}
          testId="reset-demo-dialog"
          onDismiss={() => (busy ? undefined : setAsking(false))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                {tc('cancel')}
              </Button>
              <Button data-primary="" onClick={() => void reset()} disabled={busy}>
                {busy ? t('resetting') : t('resetDemoConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('resetDemoBody')}</p>
        </Dialog>
      ) : null}
    </>
  );
}
