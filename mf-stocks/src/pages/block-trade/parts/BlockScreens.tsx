import { useSearchParams } from 'react-router-dom';
import { useStore } from 'jotai';
import { stockOrders } from '@meridian/contracts';
import { AppLink, formatExact, Page, QueryState, showToast, useApiMutation, useIsLoggedIn, navigate } from '@meridian/shared';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import { STOCK_OFFER_GROUP, useBlockOffers, useMyBlocks, type BlockOffer, type BlockSubscription } from '../../stock/ipo/parts/offers-api';
import { screenTime, StatusBadge, Timeline } from '../../stock/ipo/parts/Status';
import { OfferReceipts } from '../../stock/ipo/parts/OfferReceipts';
import { SubscribeForm } from '../../stock/ipo/parts/SubscribeForm';
import styles from '../../stock/ipo/parts/offers.module.css';

/** The phone and desktop block-trade screens are the same screens with their own links. */
export interface BlockLinks {
  index: string;
  buy: string;
  history: string;
}
export const PHONE: BlockLinks = { index: P.blockTrade, buy: P.blockBuy, history: P.blockHistory };
export const DESKTOP: BlockLinks = { index: P.desktopBlockTrade, buy: P.desktopBlockBuy, history: P.desktopBlockHistory };

function OfferFacts({ offer }: { offer: BlockOffer }) {
  const { t } = useT();
  return (
    <dl className={styles.facts}>
      <dt>{t('blockPrice')}</dt>
      <dd>
        {formatExact(offer.price)} {offer.currency}
      </dd>
      <dt>{t('blockQuantity')}</dt>
      <dd>{t('offerRangeHint', { min: formatExact(offer.minQuantity), max: formatExact(offer.maxQuantity) })}</dd>
      <dt>{t('blockWindow')}</dt>
      <dd>
        {screenTime(offer.opensAt)} – {screenTime(offer.closesAt)}
      </dd>
    </dl>
  );
}

/** index: the block offers (open first) with "Subscribe", and the way to the records. */
export function BlockIndex({ links }: { links: BlockLinks }) {
  const { t } = useT();
  const offers = useBlockOffers();
  return (
    <Page title={t('blockTradeTitle')} subtitle={t('blockTradeDescription')}>
      <div className={styles.actions}>
        <AppLink href={links.history} className={styles.link} data-testid="block-history-link">
          {t('blockHistoryTitle')}
        </AppLink>
      </div>
      <QueryState query={offers} isEmpty={(list) => list.length === 0} emptyTitle={t('blockNone')}>
        {(list) => (
          <ul className={`${styles.cards} ${styles.grid}`} data-testid="block-offers">
            {list.map((offer) => (
              <li key={offer.id} className={styles.card} data-testid="block-offer" data-symbol={offer.symbol}>
                <div className={styles.head}>
                  <div>
                    <div className={styles.symbol}>{offer.symbol}</div>
                    <div className={styles.name}>{offer.name}</div>
                  </div>
                  <StatusBadge status={offer.open ? 'open' : new Date(offer.opensAt) > new Date() ? 'upcoming' : 'closed'} />
                </div>
                <OfferFacts offer={offer} />
                {offer.open ? (
                  <AppLink href={`${links.buy}?offer=${offer.id}`} className={styles.link} data-testid="block-subscribe-link">
                    {t('offerSubscribe')}
                  </AppLink>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </Page>
  );
}

/** buy?offer=: the offer, the quantity, the receipt to confirm; then the records. */
export function BlockBuy({ links }: { links: BlockLinks }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const offers = useBlockOffers();
  const id = params.get('offer');
  return (
    <Page title={t('blockBuyTitle')}>
      <QueryState query={offers}>
        {(list) => {
          const offer = list.find((o) => o.id === id);
          if (!offer || !offer.open) {
            const open = list.filter((o) => o.open);
            return (
              <div className={styles.section}>
                <p className={styles.muted}>{offer ? t('blockOfferClosed') : t('blockChooseOffer')}</p>
                <ul className={styles.cards}>
                  {open.map((o) => (
                    <li key={o.id} className={styles.card}>
                      <AppLink href={`${links.buy}?offer=${o.id}`} className={styles.link}>
                        {o.symbol} · {o.name} · {formatExact(o.price)} {o.currency}
                      </AppLink>
                    </li>
                  ))}
                </ul>
                {open.length === 0 ? <p className={styles.muted}>{t('blockNone')}</p> : null}
              </div>
            );
          }
          return (
            <div className={styles.columns}>
              <div className={styles.card}>
                <div className={styles.symbol}>{offer.symbol}</div>
                <div className={styles.name}>{offer.name}</div>
                <OfferFacts offer={offer} />
              </div>
              <BlockSubscribe offer={offer} links={links} />
            </div>
          );
        }}
      </QueryState>
    </Page>
  );
}

function BlockSubscribe({ offer, links }: { offer: BlockOffer; links: BlockLinks }) {
  const { t } = useT();
  const store = useStore();
  // the spec's way: a block subscription posts to userStock/buy with the block flag
  const { run } = useApiMutation(stockOrders.buy, { invalidates: [STOCK_OFFER_GROUP] });
  return (
    <SubscribeForm
      testId="block"
      symbol={offer.symbol}
      currency={offer.currency}
      price={offer.price}
      lot={offer.symbol.endsWith(':TSE') ? 100 : 1}
      min={offer.minQuantity}
      max={offer.maxQuantity}
      rate={offer.rate}
      send={async (quantity, requestId, onFailure) => {
        const result = await run({ block: true, blockOfferId: offer.id, quantity, requestId }, onFailure);
        if (!result) return false;
        showToast(store, t('blockSubscribed'), 'success');
        navigate(links.history);
        return true;
      }}
    />
  );
}

/** history: the user's block subscriptions with their statuses and times. */
export function BlockHistory({ links }: { links: BlockLinks }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const mine = useMyBlocks(loggedIn);
  return (
    <Page title={t('blockHistoryTitle')}>
      <div className={styles.actions}>
        <AppLink href={links.index} className={styles.link}>
          {t('blockTradeTitle')}
        </AppLink>
      </div>
      {loggedIn ? (
        <QueryState query={mine} isEmpty={(page) => page.list.length === 0} emptyTitle={t('blockHistoryNone')}>
          {(page) => (
            <ul className={`${styles.cards} ${styles.grid}`} data-testid="block-history">
              {page.list.map((b) => (
                <BlockRecord key={b.id} b={b} />
              ))}
            </ul>
          )}
        </QueryState>
      ) : (
        <p className={styles.muted}>{t('offerLoginFirst')}</p>
      )}
    </Page>
  );
}

function BlockRecord({ b }: { b: BlockSubscription }) {
  const { t } = useT();
  return (
    <li className={styles.card} data-testid="block-record" data-status={b.status}>
      <div className={styles.head}>
        <div>
          <div className={styles.symbol}>{b.symbol}</div>
          <div className={styles.name}>{b.name}</div>
        </div>
        <StatusBadge status={b.status} testId="block-record-status" />
      </div>
      <dl className={styles.facts}>
        <dt>{t('blockQuantity')}</dt>
        <dd>{formatExact(b.quantity)}</dd>
        <dt>{t('blockPrice')}</dt>
        <dd>
          {formatExact(b.price)} {b.currency}
        </dd>
        <dt>{t('offerRate')}</dt>
        <dd>{t('offerRateValue', { currency: b.currency, rate: formatExact(b.rate), version: String(b.rateVersion) })}</dd>
        <dt>{b.status === 'approved' || b.status === 'completed' ? t('blockPaid') : t('offerHeld')}</dt>
        <dd>{formatExact(b.amount)} USDT</dd>
        {b.reason ? (
          <>
            <dt>{t('offerReason')}</dt>
            <dd>{b.reason}</dd>
          </>
        ) : null}
      </dl>
      <Timeline
        steps={[
          ['offerStatusSubscribed', b.createdAt],
          ['offerStatusApproved', b.approvedAt],
          ['offerStatusRejected', b.rejectedAt],
          ['offerStatusCompleted', b.completedAt],
          ['offerStatusExpired', b.expiredAt],
        ]}
      />
      <OfferReceipts receipts={b.receipts} testId="block-receipts" />
    </li>
  );
}
