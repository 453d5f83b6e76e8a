import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { aiFunds } from '@meridian/contracts';
import { ApiError, AppLink, Button, Dialog, Page, QueryState, formatExact, orZero, useApiMutation, useApiQuery, useAttemptId, useConfirmDemoInvest, useIsLoggedIn } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { AI_FUND_GROUP, type FundPosition } from '../parts/api';
import { pnlText, trendOf, usdt, when } from '../parts/figures';
import { PositionCard } from '../parts/PositionCard';
import styles from '../parts/ai.module.css';

/**
 * /pages/stock/ai-trading/stock-ai-sell?position=<id> — redeem a whole position at the value the server computes
 * then (the screen shows the latest value as an estimate), after a confirmation; then the receipt. Without an id:
 * the open positions to choose from.
 */
export function AiSellPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = params.get('position');
  const loggedIn = useIsLoggedIn();
  const positions = useApiQuery(aiFunds.positions, {}, { enabled: loggedIn });
  const [receipt, setReceipt] = useState<FundPosition | null>(null);
  return (
    <Page title={t('aiSellTitle')}>
      {!loggedIn ? (
        <p className={styles.note}>{t('aiFundLoginFirst')}</p>
      ) : receipt ? (
        <div className={styles.single}>
          <RedeemReceipt position={receipt} />
        </div>
      ) : (
        <QueryState query={positions} isEmpty={(list) => list.length === 0} emptyTitle={t('aiFundNoPositions')} errorTitle={t('aiFundLoadFailed')}>
          {(list) => {
            const position = list.find((p) => p.id === id);
            if (position) return <div className={styles.single}><Redeem position={position} onRedeemed={setReceipt} /></div>;
            return (
              <ul className={styles.cards} data-testid="ai-position-list">
                {list.map((p) => (
                  <PositionCard key={p.id} position={p} />
                ))}
              </ul>
            );
          }}
        </QueryState>
      )}
    </Page>
  );
}

function Redeem({ position, onRedeemed }: { position: FundPosition; onRedeemed: (p: FundPosition) => void }) {
  const { t } = useT();
  const confirmDemo = useConfirmDemoInvest();
  const attempt = useAttemptId();
  const redeem = useApiMutation(aiFunds.redeem, { invalidates: [AI_FUND_GROUP], call: { silent: true } });
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const open = async () => {
    setRefused(null);
    if (await confirmDemo()) setConfirming(true);
  };
  const confirm = async () => {
    const requestId = attempt.idFor(position.id);
    const result = await redeem.run({ positionId: position.id, requestId }, (failure) => {
      setRefused(failure instanceof ApiError && failure.message ? failure.message : t('aiFundRequestFailed'));
      setConfirming(false);
      return true;
    });
    if (!result) return;
    attempt.done();
    onRedeemed(result.value);
  };
  return (
    <div className={styles.stack}>
      <section className={styles.card} aria-labelledby="ai-redeem-title" data-testid="ai-redeem">
        <h2 id="ai-redeem-title" className={styles.cardTitle}>
          {position.fundName}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('aiFundSharesLabel')}</dt>
          <dd>{formatExact(orZero(position.shares))}</dd>
          <dt>{t('aiFundCostLabel')}</dt>
          <dd>{usdt(position.cost)}</dd>
          <dt>{t('aiFundValueNowLabel')}</dt>
          <dd>
            {position.valuePerShare ? formatExact(orZero(position.valuePerShare)) : '—'}
            <span className={styles.sub}>{when(position.valuedAt)}</span>
          </dd>
          <dt>{t('aiFundEstimatedProceedsLabel')}</dt>
          <dd>{usdt(position.marketValue)}</dd>
          <dt>{t('aiFundPnlLabel')}</dt>
          <dd className={styles[trendOf(position.pnl)]}>{pnlText(position.pnl)}</dd>
        </dl>
        <p className={styles.muted}>{t('aiFundRedeemNote')}</p>
        {refused ? (
          <p className={styles.error} role="alert">
            {refused}
          </p>
        ) : null}
        <Button onClick={() => void open()} disabled={redeem.busy} data-testid="ai-redeem-open">
          {t('aiFundRedeemButton')}
        </Button>
      </section>
      {confirming ? (
        <Dialog
          title={t('aiFundRedeemConfirmTitle', { name: position.fundName })}
          onDismiss={redeem.busy ? undefined : () => setConfirming(false)}
          testId="ai-redeem-confirm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={redeem.busy}>
                {t('aiFundCancel')}
              </Button>
              <Button data-primary onClick={() => void confirm()} disabled={redeem.busy} aria-busy={redeem.busy || undefined}>
                {t('aiFundConfirmRedeem')}
              </Button>
            </>
          }
        >
          <p>{t('aiFundRedeemConfirmText', { shares: formatExact(orZero(position.shares)), value: usdt(position.marketValue) })}</p>
        </Dialog>
      ) : null}
    </div>
  );
}

function RedeemReceipt({ position }: { position: FundPosition }) {
  const { t } = useT();
  return (
    <section className={`${styles.card} ${styles.receipt}`} aria-labelledby="ai-redeem-receipt-title" data-testid="ai-redeem-receipt">
      <h2 id="ai-redeem-receipt-title" className={styles.cardTitle}>
        {t('aiFundRedeemReceiptTitle')}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('aiFundNameLabel')}</dt>
        <dd>{position.fundName}</dd>
        <dt>{t('aiFundSharesLabel')}</dt>
        <dd>{formatExact(orZero(position.shares))}</dd>
        <dt>{t('aiFundRedeemedAtLabel')}</dt>
        <dd>{position.redeemValue ? `${formatExact(orZero(position.redeemValue))} USDT` : '—'}</dd>
        <dt>{t('aiFundValuedTimeLabel')}</dt>
        <dd>{when(position.valuedAt)}</dd>
        <dt>{t('aiFundProceedsLabel')}</dt>
        <dd data-testid="ai-redeem-proceeds">{usdt(position.proceeds)}</dd>
        <dt>{t('aiFundPnlLabel')}</dt>
        <dd className={styles[trendOf(position.pnl)]}>{pnlText(position.pnl)}</dd>
        <dt>{t('aiFundTimeLabel')}</dt>
        <dd>{when(position.redeemedAt)}</dd>
      </dl>
      <AppLink className={styles.linkButton} href={P.aiTrading}>
        {t('aiFundBackToList')}
      </AppLink>
    </section>
  );
}
