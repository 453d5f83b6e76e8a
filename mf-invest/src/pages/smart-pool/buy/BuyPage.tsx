import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink, DecimalField, QueryState, useApiQuery } from '@meridian/shared';
import { invest, type SmartPoolProduct } from '../../../api/invest';
import { amountProblem } from '../../../components/invest/amount';
import { Facts, money, percent, ReserveFacts, when } from '../../../components/invest/parts';
import { useSmartPoolPaths } from '../../../components/invest/paths';
import { InvestScreen } from '../../../components/invest/Screen';
import { SmartPoolNav } from '../../../components/invest/SmartPoolParts';
import { useT } from '../../../i18n';
import styles from '../../../components/invest/invest.module.css';

/** /pages/smart-pool/buy (?product=): the miner, an amount, the server's estimate, then the confirmation screen. */
export function SmartPoolBuyPage() {
  const p = useSmartPoolPaths();
  const { t } = useT();
  const products = useApiQuery(invest.smartPoolProducts);
  return (
    <InvestScreen title="smartPoolBuyTitle" protect>
      <SmartPoolNav current={p.buy} />
      <QueryState query={products} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noProducts')} errorTitle={t('loadFailed')}>
        {(rows) => <BuyForm products={rows} />}
      </QueryState>
    </InvestScreen>
  );
}

function BuyForm({ products }: { products: SmartPoolProduct[] }) {
  const { t } = useT();
  const p = useSmartPoolPaths();
  const [params, setParams] = useSearchParams();
  const product = products.find((x) => x.id === params.get('product')) ?? products.find((x) => !x.soldOut) ?? products[0]!;
  const [amount, setAmount] = useState(params.get('amount') ?? product.minAmount);
  const problem = amountProblem(amount, product, 6);
  const estimate = useApiQuery(invest.smartPoolEstimate, { productId: product.id, amount: amount.trim() }, { enabled: problem === null });
  const error = problem ? t(problem.key, { ...problem.params, asset: product.asset }) : undefined;
  const e = problem === null ? estimate.data : undefined;
  return (
    <form className={`${styles.card} ${styles.form}`} noValidate onSubmit={(event) => event.preventDefault()} data-testid="smart-pool-buy">
      <label className={styles.select}>
        {t('minerLabel')}
        <select value={product.id} onChange={(event) => setParams({ product: event.target.value }, { replace: true })} name="product">
          {products.map((x) => (
            <option key={x.id} value={x.id}>
              {`${x.name} · ${t('daysCount', { count: String(x.cycleDays) })} · ${percent(x.dailyRate)}`}
            </option>
          ))}
        </select>
      </label>
      <DecimalField label={t('amountFieldLabel', { asset: product.asset })} name="amount" value={amount} onChange={setAmount} error={error} hint={t('limitsHint', { min: money(product.minAmount, product.asset), max: money(product.maxAmount, product.asset) })} />
      {e ? (
        <Facts
          testId="smart-pool-estimate"
          items={[
            ['dailyIncomeLabel', money(e.dailyIncome, e.asset)],
            ['estimatedInterestLabel', money(e.estimatedInterest, e.asset)],
            ['interestDateLabel', when(e.interestAt)],
            ['endDateLabel', when(e.endsAt)],
          ]}
        />
      ) : estimate.isError && problem === null ? (
        <p className={styles.error} role="alert">
          {estimate.error instanceof Error && estimate.error.message ? estimate.error.message : t('loadFailed')}
        </p>
      ) : null}
      <ReserveFacts reserve={e?.reserve ?? product.reserve} soldOut={product.soldOut || (e ? !e.covered : false)} />
      <div className={styles.actions}>
        {e && e.covered && !product.soldOut ? (
          <AppLink className={styles.button} href={`${p.confirm}?product=${encodeURIComponent(product.id)}&amount=${encodeURIComponent(e.amount)}`} data-testid="review-purchase">
            {t('reviewPurchase')}
          </AppLink>
        ) : (
          <span className={`${styles.button} ${styles.buttonSecondary}`} aria-disabled="true">
            {t('reviewPurchase')}
          </span>
        )}
      </div>
    </form>
  );
}
