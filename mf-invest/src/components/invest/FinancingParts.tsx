import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink, Button, DecimalField, Dialog, QueryState, useApiMutation, useApiQuery, useAttemptId, useConfirmDemoInvest } from '@meridian/shared';
import { INVEST_GROUP, invest, LIST_SIZE, type FinancingOrder, type FinancingProduct } from '../../api/invest';
import { useT } from '../../i18n';
import { amountProblem } from './amount';
import { csvText, downloadCsv } from './csv';
import { Chips, Facts, money, percent, ReserveFacts, Status, when } from './parts';
import { useSmartPoolPaths } from './paths';
import styles from './invest.module.css';

export function FinancingNav({ current }: { current: string }) {
  const p = useSmartPoolPaths();
  if (p.financing === p.financingBuy) return null; // the desktop page holds all three parts
  return (
    <Chips
      current={current}
      links={[
        { href: p.financing, label: 'manageAccountTitle' },
        { href: p.financingBuy, label: 'buyFinancingTitle' },
        { href: p.financingHistory, label: 'historyFinancingTitle' },
      ]}
    />
  );
}

export function FinancingCard({ product }: { product: FinancingProduct }) {
  const { t } = useT();
  const p = useSmartPoolPaths();
  return (
    <li className={styles.card} data-testid={`financing-${product.id}`}>
      <h3 className={styles.cardTitle}>{product.name}</h3>
      <Facts
        items={[
          ['annualRateLabel', percent(product.annualRate)],
          ['durationLabel', t('daysCount', { count: String(product.durationDays) })],
          ['limitsLabel', `${money(product.minAmount, product.asset)} – ${money(product.maxAmount, product.asset)}`],
          ['dayCountLabel', t('dayCount', { basis: String(product.dayBasis) })],
          ['termsVersionLabel', `v${product.termsVersion}`],
        ]}
      />
      <ReserveFacts reserve={product.reserve} soldOut={product.soldOut} />
      {product.soldOut ? null : (
        <div className={styles.actions}>
          <AppLink className={styles.button} href={`${p.financingBuy}?product=${encodeURIComponent(product.id)}`} data-testid={`subscribe-${product.id}`}>
            {t('subscribe')}
          </AppLink>
        </div>
      )}
    </li>
  );
}

export function FinancingList() {
  const { t } = useT();
  const products = useApiQuery(invest.financingProducts);
  return (
    <QueryState query={products} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noProducts')} errorTitle={t('loadFailed')}>
      {(rows) => (
        <ul className={styles.cards} data-testid="financing-list">
          {rows.map((product) => (
            <FinancingCard key={product.id} product={product} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** A subscription: the product, an amount, the exact interest estimate, the reserve, a confirmation, the receipt. */
export function BuyFinancing() {
  const { t } = useT();
  const products = useApiQuery(invest.financingProducts);
  return (
    <QueryState query={products} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noProducts')} errorTitle={t('loadFailed')}>
      {(rows) => <BuyForm products={rows} />}
    </QueryState>
  );
}

function BuyForm({ products }: { products: FinancingProduct[] }) {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const product = products.find((x) => x.id === params.get('product')) ?? products.find((x) => !x.soldOut) ?? products[0]!;
  const [amount, setAmount] = useState(product.minAmount);
  const [asking, setAsking] = useState(false);
  const [order, setOrder] = useState<FinancingOrder | null>(null);
  const problem = amountProblem(amount, product, 2);
  const estimate = useApiQuery(invest.financingEstimate, { productId: product.id, amount: amount.trim() }, { enabled: problem === null });
  const e = problem === null ? estimate.data : undefined;
  const { busy, run } = useApiMutation(invest.financingBuy, { invalidates: [INVEST_GROUP] });
  const attempt = useAttemptId();
  const confirmDemo = useConfirmDemoInvest();

  const subscribe = async () => {
    if (!e) return;
    if (!(await confirmDemo())) return;
    const result = await run({ productId: e.productId, amount: e.amount, requestId: attempt.idFor(`${e.productId}|${e.amount}`) });
    setAsking(false);
    if (result) {
      attempt.done();
      setOrder(result.value);
    }
  };

  if (order) {
    return (
      <section className={styles.stack} data-testid="financing-receipt" aria-live="polite">
        <p className={styles.note}>{t('subscriptionDone')}</p>
        <ul className={styles.cards}>
          <FinancingOrderCard order={order} />
        </ul>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setOrder(null)}>
            {t('subscribeAgain')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={(event) => event.preventDefault()} data-testid="buy-financing">
      <label className={styles.select}>
        {t('productLabel')}
        <select value={product.id} onChange={(event) => setParams({ product: event.target.value }, { replace: true })} name="product">
          {products.map((x) => (
            <option key={x.id} value={x.id}>
              {`${x.name} · ${percent(x.annualRate)}`}
            </option>
          ))}
        </select>
      </label>
      <DecimalField
        label={t('amountFieldLabel', { asset: product.asset })}
        name="amount"
        value={amount}
        onChange={setAmount}
        error={problem ? t(problem.key, { ...problem.params, asset: product.asset }) : undefined}
        hint={t('limitsHint', { min: money(product.minAmount, product.asset), max: money(product.maxAmount, product.asset) })}
      />
      {e ? (
        <Facts
          testId="financing-estimate"
          items={[
            ['estimatedInterestLabel', money(e.interest, e.asset)],
            ['totalAtMaturityLabel', money(e.total, e.asset)],
            ['dayCountLabel', t('dayCountDetail', { days: String(e.days), basis: String(e.dayBasis), rate: percent(e.annualRate) })],
            ['subscriptionTimeLabel', when(e.subscribedAt)],
            ['expirationTimeLabel', when(e.maturesAt)],
          ]}
        />
      ) : null}
      <ReserveFacts reserve={e?.reserve ?? product.reserve} soldOut={product.soldOut || (e ? !e.covered : false)} />
      <div className={styles.actions}>
        <Button onClick={() => setAsking(true)} disabled={!e || !e.covered || product.soldOut} data-testid="subscribe-button">
          {t('subscribe')}
        </Button>
      </div>
      {asking && e ? (
        <Dialog
          title={t('confirmSubscriptionTitle')}
          onDismiss={busy ? undefined : () => setAsking(false)}
          testId="financing-confirm-dialog"
          actions={
            <>
              <Button variant="secondary" onClick={() => setAsking(false)} disabled={busy}>
                {t('cancel')}
              </Button>
              <Button data-primary onClick={() => void subscribe()} disabled={busy} aria-busy={busy || undefined}>
                {busy ? t('buying') : t('confirmSubscription')}
              </Button>
            </>
          }
        >
          <p>{t('confirmSubscriptionText', { amount: money(e.amount, e.asset), name: e.name, interest: money(e.interest, e.asset), date: when(e.maturesAt) })}</p>
        </Dialog>
      ) : null}
    </form>
  );
}

export function FinancingOrderCard({ order }: { order: FinancingOrder }) {
  const { t } = useT();
  return (
    <li className={styles.card} data-testid={`financing-order-${order.id}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{order.name}</h3>
        <Status status={order.status} />
      </div>
      <Facts
        items={[
          ['amountLabel', money(order.amount, order.asset)],
          ['annualRateLabel', percent(order.annualRate)],
          ['durationLabel', t('daysCount', { count: String(order.days) })],
          [order.status === 'matured' ? 'interestPaidLabel' : 'estimatedInterestLabel', money(order.interest, order.asset)],
          ['subscriptionTimeLabel', when(order.subscribedAt)],
          ['expirationTimeLabel', when(order.maturesAt)],
          ...(order.receiptSeq ? ([['receiptLabel', `#${order.receiptSeq}`]] as const) : []),
        ]}
      />
    </li>
  );
}

/** The paid subscriptions as CSV (interest and principal at maturity, the receipt that proves it). */
export function financingCsv(rows: FinancingOrder[]): string {
  const head = ['product', 'asset', 'amount', 'annualRate', 'days', 'interest', 'subscribedAt', 'paidAt', 'receipt'];
  return csvText(head, rows.filter((r) => r.status === 'matured').map((r) => [r.name, r.asset, r.amount, r.annualRate, r.days, r.interest, r.subscribedAt, r.paidAt, r.receiptSeq]));
}

export function FinancingOrders() {
  const { t } = useT();
  const orders = useApiQuery(invest.financingOrders, { page: 1, size: LIST_SIZE });
  return (
    <QueryState query={orders} isEmpty={(page) => page.list.length === 0} emptyTitle={t('noSubscriptions')} errorTitle={t('loadFailed')}>
      {(page) => (
        <>
          <div className={styles.actions}>
            <Button variant="secondary" onClick={() => downloadCsv('financing-payouts.csv', financingCsv(page.list))} data-testid="export-financing-csv">
              {t('exportCsv')}
            </Button>
          </div>
          <ul className={styles.cards} data-testid="financing-orders">
            {page.list.map((order) => (
              <FinancingOrderCard key={order.id} order={order} />
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );
}
