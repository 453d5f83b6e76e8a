import { useState } from 'react';
import { DecimalField } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import { AdvancedOrderFields } from '../trade/AdvancedOrderFields';
import { advancedProblems, conditionalBasis, PLAIN_ORDER, type AdvancedOrder } from '../trade/orderTypes';
import { priceProblem, type OrderKind, type OrderSide } from '../trade/rules';
import styles from '../trade/trade.module.css';

/**
 * The forex form's order type, as the perpetual form has it (a forex order is a perpetual one on a pair): market
 * or limit with its price, and the condition, time in force and flags of AdvancedOrderFields. Answers the state,
 * its problems and the prices the receipt uses.
 */
export function useForexOrderType(priceDecimals: number, watched: string | null) {
  const [kind, setKind] = useState<OrderKind>('market');
  const [price, setPrice] = useState('');
  const [advanced, setAdvanced] = useState<AdvancedOrder>(PLAIN_ORDER);
  const limitPrice = kind === 'limit' && !priceProblem({ kind, price }, { priceDecimals }) ? price.trim() : null;
  const problems = { price: priceProblem({ kind, price }, { priceDecimals }) as Key | null, ...advancedProblems(advanced, watched, priceDecimals) };
  return {
    kind,
    setKind,
    price,
    setPrice,
    advanced,
    setAdvanced,
    limitPrice,
    /** The price the receipt's margin is taken at: a condition's basis, else the limit, else null (market). */
    basis: conditionalBasis(kind, advanced, limitPrice, watched) ?? limitPrice,
    problems,
    problem: problems.price ?? problems.trigger ?? problems.callback,
    reset: () => setPrice(''),
  };
}

export type ForexOrderType = ReturnType<typeof useForexOrderType>;

/** Market/limit, the limit's price, and the order-type options. */
export function ForexOrderTypeFields({ type, side, touched, watched, priceDecimals, quoteCurrency }: { type: ForexOrderType; side: OrderSide; touched: boolean; watched: string | null; priceDecimals: number; quoteCurrency: string }) {
  const { t } = useT();
  return (
    <>
      <div className={styles.segmented} role="group" aria-label={t('orderTypeLabel')}>
        <button type="button" className={styles.segment} aria-pressed={type.kind === 'limit'} disabled={type.advanced.condition === 'trailing'} onClick={() => type.setKind('limit')} data-testid="forex-kind-limit">
          {t('orderLimit')}
        </button>
        <button type="button" className={styles.segment} aria-pressed={type.kind === 'market'} onClick={() => type.setKind('market')} data-testid="forex-kind-market">
          {t('orderMarket')}
        </button>
      </div>
      <AdvancedOrderFields
        kind={type.kind}
        side={side}
        value={type.advanced}
        onChange={(change) => {
          type.setAdvanced((current) => ({ ...current, ...change }));
          if (change.condition === 'trailing') type.setKind('market');
        }}
        problems={touched ? type.problems : { trigger: null, callback: null }}
        current={watched}
        priceDecimals={priceDecimals}
        quoteAsset={quoteCurrency}
      />
      {type.kind === 'limit' ? (
        <DecimalField label={t('priceLabel', { coin: quoteCurrency })} value={type.price} onChange={type.setPrice} error={touched && type.problems.price ? t(type.problems.price) : null} data-testid="forex-price" />
      ) : (
        <div>
          <span className={styles.fieldLabel}>{t('priceLabel', { coin: quoteCurrency })}</span>
          <div className={styles.marketPrice}>{t('marketPriceNote')}</div>
        </div>
      )}
    </>
  );
}
