import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink, Button, Dialog, QueryState, useApiMutation, useApiQuery, useConfirmDemoInvest } from '@meridian/shared';
import { INVEST_GROUP, invest, type SmartPoolEstimate, type SmartPoolOrder } from '../../../api/invest';
import { Facts, money, percent, ReserveFacts, when } from '../../../components/invest/parts';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { InvestScreen } from '../../../components/invest/Screen';
import { OrderCard, SmartPoolNav } from '../../../components/invest/SmartPoolParts';
import { usePenaltyText } from '../../../components/invest/RedeemEarly';
import { useT } from '../../../i18n';
import styles from '../../../components/invest/invest.module.css';

/**
 * /pages/smart-pool/confirm-buy (?product=&amount=): the purchase as it will be made — amount, incomes, dates,
 * the reserve that backs it, the order number — then a confirmation dialog; the answer is the order's receipt.
 */
export function SmartPoolConfirmBuyPage() {
  const { t } = useT();
  const p = useSmartPoolPaths();
  const [params] = useSearchParams();
  const productId = params.get('product') ?? '';
  const amount = params.get('amount') ?? '';
  const estimate = useApiQuery(invest.smartPoolEstimate, { productId, amount }, { enabled: Boolean(productId && amount) });
  return (
    <InvestScreen title="smartPoolConfirmBuyTitle" protect>
      <SmartPoolNav current={p.confirm} />
      <QueryState query={estimate} errorTitle={estimate.error instanceof Error && estimate.error.message ? estimate.error.message : t('loadFailed')} missing={!productId || !amount} notFound={<p className={styles.muted}>{t('nothingToConfirm')}</p>}>
        {(e) => <Confirm estimate={e} />}
      </QueryState>
    </InvestScreen>
  );
}

function Confirm({ estimate: e }: { estimate: SmartPoolEstimate }) {
  const { t } = useT();
  const p = useSmartPoolPaths();
  const orderNumber = useApiQuery(invest.smartPoolOrderNumber, undefined, { staleTime: Infinity, gcTime: 0, refetchOnWindowFocus: false });
  const { busy, run } = useApiMutation(invest.smartPoolBuy, { invalidates: [INVEST_GROUP] });
  const confirmDemo = useConfirmDemoInvest();
  const [asking, setAsking] = useState(false);
  const [order, setOrder] = useState<SmartPoolOrder | null>(null);
  const penaltyText = usePenaltyText();

  if (order) {
    return (
      <section className={styles.stack} data-testid="smart-pool-receipt" aria-live="polite">
        <p className={styles.note}>{t('purchaseDone')}</p>
        <ul className={styles.cards}>
          <OrderCard order={order} />
        </ul>
        <div className={styles.actions}>
          <AppLink className={styles.button} href={p.orders}>
            {t('smartPoolMyOrderTitle')}
          </AppLink>
        </div>
      </section>
    );
  }

  const buy = async () => {
    if (!orderNumber.data) return;
    if (!(await confirmDemo())) return;
    const result = await run({ productId: e.productId, amount: e.amount, orderNumber: orderNumber.data.orderNumber });
    setAsking(false);
    if (result) setOrder(result.value);
  };

  return (
    <section className={`${styles.card} ${styles.form}`} aria-labelledby="confirm-title" data-testid="smart-pool-confirm">
      <h2 id="confirm-title" className={styles.cardTitle}>
        {e.name}
      </h2>
      <Facts
        items={[
          ['orderLabel', orderNumber.data?.orderNumber ?? '…'],
          ['amountLabel', money(e.amount, e.asset)],
          ['dailyIncomeLabel', `${money(e.dailyIncome, e.asset)} (${percent(e.dailyRate)})`],
          ['cycleLabel', t('daysCount', { count: String(e.cycleDays) })],
          ['estimatedInterestLabel', money(e.estimatedInterest, e.asset)],
          ['interestDateLabel', when(e.interestAt)],
          ['endDateLabel', when(e.endsAt)],
          ['earlyRedeemLabel', e.earlyRedeemPenalty === null ? penaltyText(null) : `${penaltyText(e.earlyRedeemPenaltyRate)} · ${money(e.earlyRedeemPenalty, e.asset)}`],
          ['termsVersionLabel', `v${e.termsVersion}`],
        ]}
      />
      <p className={styles.muted}>{t('payoutRule', { hour: String(e.payoutHour).padStart(2, '0'), zone: e.timeZone })}</p>
      <ReserveFacts reserve={e.reserve} soldOut={!e.covered} />
      <div className={styles.actions}>
        <Button onClick={() => setAsking(true)} disabled={!e.covered || !orderNumber.data} data-testid="buy-button">
          {t('buyNow')}
        </Button>
      </div>
      {asking ? (
        <Dialog
          title={t('confirmPurchaseTitle')}
          onDismiss={busy ? undefined : () => setAsking(false)}
          testId="smart-pool-confirm-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button data-primary onClick={() => void buy()} disabled={busy} aria-busy={busy || undefined}>
                {busy ? t('buying') : t('confirmPurchase')}
              </Button>
            </>
          }
        >
          <p>{t('confirmPurchaseText', { amount: money(e.amount, e.asset), name: e.name, date: when(e.endsAt) })}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
