import { useState } from 'react';
import { useStore } from 'jotai';
import { stockOffers } from '@meridian/contracts';
import { Button, Dialog, formatExact, showToast, useApiMutation } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { STOCK_OFFER_GROUP, type Ipo, type IpoSubscription } from './offers-api';
import { OfferReceipts } from './OfferReceipts';
import { Proof } from './Proof';
import { screenTime, StatusBadge, Timeline } from './Status';
import { SubscribeForm } from './SubscribeForm';
import styles from './offers.module.css';

/** One IPO: its published terms, its seed hash (and seed once drawn), and "Subscribe" while its window is open. */
export function IpoCard({ ipo }: { ipo: Ipo }) {
  const { t, tc } = useT();
  const [open, setOpen] = useState(false);
  return (
    <li className={styles.card} data-testid="ipo-card" data-symbol={ipo.symbol}>
      <div className={styles.head}>
        <div>
          <div className={styles.symbol}>{ipo.symbol}</div>
          <div className={styles.name}>{ipo.name}</div>
        </div>
        <StatusBadge status={ipo.phase} testId="ipo-phase" />
      </div>
      <dl className={styles.facts}>
        <dt>{t('ipoIssuePrice')}</dt>
        <dd>
          {formatExact(ipo.issuePrice)} {ipo.currency}
        </dd>
        <dt>{t('ipoPeRatio')}</dt>
        <dd>{ipo.peRatio === null ? '—' : formatExact(ipo.peRatio)}</dd>
        <dt>{t('ipoSharesOffered')}</dt>
        <dd>{formatExact(ipo.sharesOffered)}</dd>
        <dt>{t('ipoLotSize')}</dt>
        <dd>{t('ipoLotValue', { lot: String(ipo.lotSize), cost: ipo.lotCostUsdt ? formatExact(ipo.lotCostUsdt) : '—' })}</dd>
        <dt>{t('ipoSubscriptionDate')}</dt>
        <dd>
          {screenTime(ipo.subscribeFrom)} – {screenTime(ipo.subscribeUntil)}
        </dd>
        <dt>{t('ipoDrawTime')}</dt>
        <dd>{screenTime(ipo.allocateAt)}</dd>
        <dt>{t('ipoListingDate')}</dt>
        <dd>{screenTime(ipo.listAt)}</dd>
        <dt className={styles.hashLabel}>{t('ipoSeedHash')}</dt>
        <dd className={styles.hash}>{ipo.seedHash}</dd>
        {ipo.seed ? (
          <>
            <dt className={styles.hashLabel}>{t('ipoSeed')}</dt>
            <dd className={styles.hash}>{ipo.seed}</dd>
          </>
        ) : null}
      </dl>
      {ipo.phase === 'open' && !open ? (
        <div className={styles.actions}>
          <Button onClick={() => setOpen(true)} data-testid="ipo-subscribe-open" aria-expanded={false}>
            {t('offerSubscribe')}
          </Button>
        </div>
      ) : null}
      {ipo.phase === 'open' && open ? (
        <section className={styles.section} aria-label={t('ipoSubscribeTitle', { symbol: ipo.symbol })}>
          <IpoSubscribe ipo={ipo} onDone={() => setOpen(false)} />
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {tc('cancel')}
          </Button>
        </section>
      ) : null}
    </li>
  );
}

function IpoSubscribe({ ipo, onDone }: { ipo: Ipo; onDone: () => void }) {
  const { t } = useT();
  const store = useStore();
  const { run } = useApiMutation(stockOffers.ipoSubscribe, { invalidates: [STOCK_OFFER_GROUP] });
  return (
    <SubscribeForm
      testId="ipo"
      symbol={ipo.symbol}
      currency={ipo.currency}
      price={ipo.issuePrice}
      lot={ipo.lotSize}
      rate={ipo.rate}
      send={async (shares, requestId, onFailure) => {
        const result = await run({ ipoId: ipo.id, shares, requestId }, onFailure);
        if (!result) return false;
        showToast(store, t('ipoSubscribed'), 'success');
        onDone();
        return true;
      }}
    />
  );
}

const REASON_TEXT = { notReviewed: 'ipoNotReviewed', userCanceled: 'ipoUserCanceled' } as const;

/** One of the user's subscriptions: status with its times, what is held, the allocation proof and the receipts. */
export function IpoSubscriptionCard({ sub }: { sub: IpoSubscription }) {
  const { t } = useT();
  const reason = REASON_TEXT[sub.reason as keyof typeof REASON_TEXT];
  return (
    <li className={styles.card} data-testid="ipo-subscription" data-status={sub.status}>
      <div className={styles.head}>
        <div>
          <div className={styles.symbol}>{sub.symbol}</div>
          <div className={styles.name}>{sub.name}</div>
        </div>
        <StatusBadge status={sub.status} testId="ipo-subscription-status" />
      </div>
      <dl className={styles.facts}>
        <dt>{t('offerSharesLabel')}</dt>
        <dd>{t('offerSharesInLots', { shares: formatExact(sub.shares), lots: String(sub.lots) })}</dd>
        <dt>{t('offerHeld')}</dt>
        <dd>{formatExact(sub.amount)} USDT</dd>
        {sub.reason ? (
          <>
            <dt>{t('offerReason')}</dt>
            <dd>{reason ? t(reason) : sub.reason}</dd>
          </>
        ) : null}
      </dl>
      <Timeline
        steps={[
          ['offerStatusSubscribed', sub.createdAt],
          [sub.status === 'rejected' ? 'offerStatusRejected' : 'offerStatusPassed', sub.reviewedAt],
          ['offerStatusProcessing', sub.processingAt],
          ['offerStatusCompleted', sub.completedAt],
          ['offerStatusCanceled', sub.canceledAt],
        ]}
      />
      {sub.cancellable ? <CancelSubscription sub={sub} /> : null}
      <Proof sub={sub} />
      <OfferReceipts receipts={sub.receipts} testId="ipo-receipts" />
    </li>
  );
}

/** Before the draw the user may take a subscription back: a confirmation first, then the hold comes back. */
function CancelSubscription({ sub }: { sub: IpoSubscription }) {
  const { t, tc } = useT();
  const store = useStore();
  const [asking, setAsking] = useState(false);
  const { run, busy } = useApiMutation(stockOffers.ipoCancel, { invalidates: [STOCK_OFFER_GROUP] });
  const confirm = async () => {
    const result = await run({ subscriptionId: sub.id });
    setAsking(false);
    if (result) showToast(store, t('ipoCanceled'), 'success');
  };
  return (
    <div className={styles.actions}>
      <Button variant="secondary" onClick={() => setAsking(true)} data-testid="ipo-cancel-open">
        {t('ipoCancelButton')}
      </Button>
      {asking ? (
        <Dialog
          title={t('ipoCancelTitle')}
          testId="ipo-cancel-confirm"
          onDismiss={() => (busy ? undefined : setAsking(false))}
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                {tc('back')}
              </Button>
              <Button data-primary="" onClick={() => void confirm()} disabled={busy} data-testid="ipo-cancel-confirm-button">
                {busy ? t('ipoCanceling') : t('ipoCancelConfirm')}
              </Button>
            </>
          }
        >
          <p>{t('ipoCancelBody', { amount: formatExact(sub.amount), symbol: sub.symbol })}</p>
        </Dialog>
      ) : null}
    </div>
  );
}
