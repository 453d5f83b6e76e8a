import { trading } from '@meridian/contracts';
import { AppLink, QueryState, formatMoney, useApiQuery, formatQuoteAmount } from '@meridian/shared';
import type { SpotHolding } from '../api/trading';
import { useT } from '../i18n';
import { P } from '../paths';
import { detailUrl, Facts, HoldingHead } from '../components/trade/listParts';
import styles from '../components/trade/trade.module.css';

/**
 * The spot wallet's holdings as mf_accounts shows them (its wallet.holdings slot, on the wallet tab and the desktop
 * asset pages): each coin's quantity, market value and unrealised P&L, the same query (and live refresh) as the
 * trade screen's holdings tab; a coin opens its position detail on the trade side.
 */
export function SpotHoldings() {
  const holdings = useApiQuery(trading.spotHoldings, {});
  const { t } = useT();
  return (
    <QueryState query={holdings} isEmpty={(rows) => rows.length === 0} emptyTitle={t('noHoldings')} errorTitle={t('listFailed')}>
      {(rows) => (
        <ul className={styles.rows} data-testid="spot-holdings">
          {rows.map((holding) => (
            <HoldingSummary key={holding.asset} holding={holding} />
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function HoldingSummary({ holding }: { holding: SpotHolding }) {
  return (
    <li className={styles.row} data-testid="spot-holding">
      <HoldingHead
        holding={holding}
        title={
          <AppLink className={styles.rowTitle} href={detailUrl(P.spotPositionDetail, 'asset', holding.asset)}>
            {holding.asset}
          </AppLink>
        }
      />
      <Facts
        items={[
          ['colQuantity', formatQuoteAmount(holding.quantity, holding.amountDecimals)],
          ['colMarketValue', `${formatMoney(holding.marketValue)} USDT`],
        ]}
      />
    </li>
  );
}
