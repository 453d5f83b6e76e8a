import { AppLink, Button, QueryState, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { invest, LIST_SIZE, type SmartPoolOrder, type SmartPoolPayout, type SmartPoolProduct } from '../../api/invest';
import { useT } from '../../i18n';
import { Chips, Facts, money, percent, ReserveFacts, Status, when } from './parts';
import { useSmartPoolPaths } from './paths';
import { csvText, downloadCsv } from './csv';
import { RedeemEarly, usePenaltyText } from './RedeemEarly';
import styles from './invest.module.css';

/** The smart-pool screens to move between. */
export function SmartPoolNav({ current }: { current: string }) {
  const p = useSmartPoolPaths();
  return (
    <Chips
      current={current}
      links={[
        { href: p.index, label: 'smartPoolTitle' },
        { href: p.orders, label: 'smartPoolMyOrderTitle' },
        { href: p.history, label: 'smartPoolHistoryTitle' },
        { href: p.redeemed, label: 'smartPoolRedeemedTitle' },
      ]}
    />
  );
}

/** One miner with its terms, what backs it, and the way to buy it (or why it cannot be bought). */
export function MinerCard({ product }: { product: SmartPoolProduct }) {
  const { t } = useT();
  const p = useSmartPoolPaths();
  const penaltyText = usePenaltyText();
  return (
    <li className={styles.card} data-testid={`miner-${product.id}`}>
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{product.name}</h3>
        <span className={styles.status}>{t('minerLevel', { level: String(product.level) })}</span>
      </div>
      <Facts
        items={[
          ['dailyIncomeLabel', percent(product.dailyRate)],
          ['cycleLabel', t('daysCount', { count: String(product.cycleDays) })],
          ['limitsLabel', `${money(product.minAmount, product.asset)} – ${money(product.maxAmount, product.asset)}`],
          ['payoutTimeLabel', t('payoutTime', { hour: String(product.payoutHour).padStart(2, '0'), zone: product.timeZone })],
          ['rebatesLabel', product.rebateRates.map(percent).join(' / ')],
          ['earlyRedeemLabel', penaltyText(product.earlyRedeemPenaltyRate)],
          ['termsVersionLabel', `v${product.termsVersion}`],
        ]}
      />
      <ReserveFacts reserve={product.reserve} soldOut={product.soldOut} />
      <div className={styles.actions}>
        {product.soldOut ? (
          <span className={`${styles.button} ${styles.buttonSecondary}`} aria-disabled="true">
            {t('soldOut')}
          </span>
        ) : (
          <AppLink className={styles.button} href={`${p.buy}?product=${encodeURIComponent(product.id)}`} data-testid={`buy-${product.id}`}>
            {t('buyMiner')}
          </AppLink>
        )}
      </div>
    </li>
  );
}

export function MinerList() {
  const { t } = useT();
  const products = useApiQuery(invest.smartPoolProducts);
  return (
    <QueryState query={products} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noProducts')} errorTitle={t('loadFailed')}>
      {(rows) => (
        <ul className={styles.cards} data-testid="miner-list">
          {rows.map((product) => (
            <MinerCard key={product.id} product={product} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

/** The user's figures: level, invested, income to date, rebates, next payout, and the team by tier. */
export function SmartPoolSummaryCard() {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const summary = useApiQuery(invest.smartPoolSummary, undefined, { enabled: loggedIn });
  if (!loggedIn) return null;
  return (
    <QueryState query={summary} errorTitle={t('loadFailed')}>
      {(s) => (
        <section className={styles.card} aria-labelledby="sp-summary" data-testid="smart-pool-summary">
          <h2 id="sp-summary" className={styles.cardTitle}>
            {t('mySmartPool')}
          </h2>
          <dl className={styles.summary}>
            <div>
              <dt>{t('minerLevelLabel')}</dt>
              <dd>{s.level}</dd>
            </div>
            <div>
              <dt>{t('investedLabel')}</dt>
              <dd>{money(s.invested, s.asset)}</dd>
            </div>
            <div>
              <dt>{t('revenueLabel')}</dt>
              <dd data-testid="smart-pool-revenue">{money(s.revenue, s.asset)}</dd>
            </div>
            <div>
              <dt>{t('nextPayoutLabel')}</dt>
              <dd>{when(s.nextPayoutAt)}</dd>
            </div>
          </dl>
          <h3 className={styles.sectionTitle}>{t('teamTitle')}</h3>
          <Facts items={s.team.map((tier) => [`tier${tier.tier as 1 | 2 | 3}` as const, t('teamTier', { members: String(tier.members), rebates: money(tier.rebates, s.asset) })])} testId="team" />
          <p className={styles.muted}>{t('rebateRule')}</p>
        </section>
      )}
    </QueryState>
  );
}

/** One order; `redeemable`: the list of the user's miners, where a locked one can be redeemed early. */
export function OrderCard({ order, redeemable = false }: { order: SmartPoolOrder; redeemable?: boolean }) {
  const { t } = useT();
  return (
    <li className={styles.card} data-testid={`order-${order.id}`}>
      <div className={styles.cardHead}>
        <div>
          <h3 className={styles.cardTitle}>{order.name}</h3>
          <p className={styles.muted}>{t('orderNumber', { number: order.orderNumber })}</p>
        </div>
        <Status status={order.status} />
      </div>
      <Facts
        items={[
          ['amountLabel', money(order.amount, order.asset)],
          ['dailyIncomeLabel', `${money(order.dailyIncome, order.asset)} (${percent(order.dailyRate)})`],
          ['revenueLabel', `${money(order.revenue, order.asset)} · ${t('daysPaid', { paid: String(order.paidDays), total: String(order.cycleDays) })}`],
          ['estimatedInterestLabel', money(order.estimatedInterest, order.asset)],
          ['orderTimeLabel', when(order.createdAt)],
          ['interestDateLabel', when(order.interestAt)],
          ['endDateLabel', when(order.endsAt)],
          ...(order.status === 'locked' ? ([['nextPayoutLabel', when(order.nextPayoutAt)]] as const) : ([['redeemedAtLabel', when(order.redeemedAt)]] as const)),
          ...(order.redeemedEarly
            ? ([
                ['penaltyPaidLabel', money(order.redeemedEarly.penalty, order.asset)],
                ['principalBackLabel', money(order.redeemedEarly.returned, order.asset)],
                ['receiptLabel', `#${order.redeemedEarly.receiptSeq}`],
              ] as const)
            : []),
        ]}
      />
      {order.status === 'locked' ? <p className={styles.muted}>{t('lockedNote', { date: when(order.endsAt) })}</p> : null}
      {redeemable ? <RedeemEarly order={order} /> : null}
    </li>
  );
}

export function OrderList({ status }: { status: 'locked' | 'redeemed' }) {
  const { t } = useT();
  const orders = useApiQuery(invest.smartPoolOrders, { status, page: 1, size: LIST_SIZE });
  return (
    <QueryState query={orders} isEmpty={(page) => page.list.length === 0} emptyTitle={t(status === 'locked' ? 'noOrders' : 'noRedeemed')} errorTitle={t('loadFailed')}>
      {(page) => (
        <ul className={styles.cards} data-testid={`orders-${status}`}>
          {page.list.map((order) => (
            <OrderCard key={order.id} order={order} redeemable={status === 'locked'} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function PayoutRow({ payout }: { payout: SmartPoolPayout }) {
  const { t } = useT();
  return (
    <li className={styles.card} data-testid="payout">
      <div className={styles.cardHead}>
        <h3 className={styles.cardTitle}>{payout.kind === 'income' ? t('incomeOf', { name: payout.name, day: String(payout.seq) }) : t('rebateOf', { tier: String(payout.tier ?? 0), name: payout.name })}</h3>
        <Status status={payout.status} />
      </div>
      <Facts
        items={[
          ['amountLabel', money(payout.amount, payout.asset)],
          ...(payout.principal !== '0' ? ([['principalBackLabel', money(payout.principal, payout.asset)]] as const) : []),
          [payout.status === 'paid' ? 'paidAtLabel' : 'dueAtLabel', when(payout.paidAt ?? payout.dueAt)],
          ['orderLabel', payout.orderNumber],
          ...(payout.receiptSeq ? ([['receiptLabel', `#${payout.receiptSeq}`]] as const) : []),
        ]}
      />
    </li>
  );
}

/** The paid payouts as CSV (one line each, the receipt that proves it), for the user's own records. */
export function payoutsCsv(rows: SmartPoolPayout[]): string {
  const head = ['kind', 'order', 'product', 'tier', 'day', 'asset', 'amount', 'principal', 'paidAt', 'receipt'];
  return csvText(head, rows.filter((r) => r.status === 'paid').map((r) => [r.kind, r.orderNumber, r.name, r.tier, r.seq, r.asset, r.amount, r.principal, r.paidAt, r.receiptSeq]));
}

/** Every income and rebate of the user, scheduled and paid, newest first; the paid ones can be exported. */
export function PayoutList() {
  const { t } = useT();
  const history = useApiQuery(invest.smartPoolHistory, { page: 1, size: LIST_SIZE });
  return (
    <QueryState query={history} isEmpty={(page) => page.list.length === 0} emptyTitle={t('noPayouts')} errorTitle={t('loadFailed')}>
      {(page) => (
        <>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => downloadCsv('smart-pool-payouts.csv', payoutsCsv(page.list))} data-testid="export-csv">
            {t('exportCsv')}
          </Button>
        </div>
        <ul className={styles.cards} data-testid="payouts">
          {page.list.map((payout) => (
            <PayoutRow key={payout.id} payout={payout} />
          ))}
        </ul>
        </>
      )}
    </QueryState>
  );
}
