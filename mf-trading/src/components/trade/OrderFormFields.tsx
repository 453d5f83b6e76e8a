import type { Ref } from 'react';
import Decimal from 'decimal.js';
import { DecimalField, formatQuoteAmount } from '@meridian/shared';
import { useT } from '../../i18n';
import { FundAction } from '../funding/FundAction';
import type { ConditionalKind } from './conditionalReceipt';
import type { OrderKind, OrderValues } from './rules';
import styles from './trade.module.css';

/*
 * The order form's field groups (OrderForm holds the entries, orderFigures.ts says what they come to): the order
 * type selector, the size with its slider and the balance lines under it, and the TP/SL on entry.
 */

const PERCENTS = [25, 50, 75, 100] as const;
const CONDITIONAL_KINDS: readonly ConditionalKind[] = ['tpsl', 'oco'];

/** Limit and market, and on a spot market (not a token offering) the TP/SL and OCO sells on a holding. */
export function OrderTypeSelector({
  perp,
  isIco,
  kind,
  conditional,
  trailing,
  onKind,
  onConditional,
}: {
  perp: boolean;
  isIco: boolean;
  kind: OrderKind;
  conditional: ConditionalKind | null;
  /** A trailing stop is chosen: it becomes a market order when it fires, so limit is off. */
  trailing: boolean;
  onKind: (kind: OrderKind) => void;
  onConditional: (kind: ConditionalKind) => void;
}) {
  const { t } = useT();
  return (
    <div className={[styles.segmented, perp ? '' : styles.segmentedWrap].join(' ')} role="group" aria-label={t('orderTypeLabel')}>
      <button type="button" className={styles.segment} aria-pressed={!conditional && kind === 'limit'} disabled={isIco || trailing} onClick={() => onKind('limit')} data-testid="kind-limit">
        {t('orderLimit')}
      </button>
      <button type="button" className={styles.segment} aria-pressed={!conditional && kind === 'market'} onClick={() => onKind('market')} data-testid="kind-market">
        {t('orderMarket')}
      </button>
      {!perp && !isIco
        ? CONDITIONAL_KINDS.map((option) => (
            <button key={option} type="button" className={styles.segment} aria-pressed={conditional === option} onClick={() => onConditional(option)} data-testid={`kind-${option}`}>
              {t(option === 'oco' ? 'orderOco' : 'orderTpSl')}
            </button>
          ))
        : null}
    </div>
  );
}

/** The size in the coin or in USDT (the unit toggles, emptying the field), and the quantity an amount comes to. */
export function SizeField({
  sizeRef,
  values,
  label,
  error,
  quantity,
  base,
  quoteAsset,
  amountDecimals,
  onSize,
  onToggleUnit,
}: {
  sizeRef: Ref<HTMLInputElement>;
  values: OrderValues;
  label: string;
  error: string | null;
  quantity: Decimal | null;
  base: string;
  quoteAsset: string;
  amountDecimals: number;
  onSize: (size: string) => void;
  onToggleUnit: () => void;
}) {
  const { t } = useT();
  return (
    <DecimalField
      ref={sizeRef}
      label={label}
      value={values.size}
      onChange={onSize}
      error={error}
      hint={quantity && values.sizeUnit === 'amount' ? t('approxQuantity', { quantity: formatQuoteAmount(quantity, amountDecimals), coin: base }) : undefined}
      trailing={
        <button type="button" className={styles.unitToggle} onClick={onToggleUnit} aria-label={t('switchUnit', { unit: values.sizeUnit === 'quantity' ? quoteAsset : base })} data-testid="size-unit">
          {values.sizeUnit === 'quantity' ? base : quoteAsset} ⇄
        </button>
      }
      data-testid="order-size"
    />
  );
}

/** The share of the available balance: 25/50/75/100 % and a slider (both off until the balance is known). */
export function PercentSlider({ formId, percent, disabled, onPercent }: { formId: string; percent: number; disabled: boolean; onPercent: (percent: number) => void }) {
  const { t } = useT();
  return (
    <div>
      <label className={styles.visuallyHidden} htmlFor={`${formId}-percent`}>
        {t('percentLabel')}
      </label>
      <div className={styles.percents}>
        {PERCENTS.map((value) => (
          <button key={value} type="button" className={styles.percent} disabled={disabled} onClick={() => onPercent(value)} data-testid={`percent-${value}`}>
            {value}%
          </button>
        ))}
      </div>
      <input
        id={`${formId}-percent`}
        className={styles.slider}
        type="range"
        min={0}
        max={100}
        step={1}
        value={percent}
        disabled={disabled}
        onChange={(event) => onPercent(Number(event.target.value))}
        aria-valuetext={t('percentValue', { percent: String(percent) })}
        data-testid="order-percent"
      />
    </div>
  );
}

/**
 * The balance lines under the size: what the spending wallet has available (with Transfer or Deposit beside it),
 * the most the balance allows, and what this order takes from it.
 */
export function BalanceLines({
  loggedIn,
  available,
  availableFailed,
  wallet,
  spendAsset,
  spendDecimals,
  needed,
  max,
  cost,
}: {
  loggedIn: boolean;
  available: string | undefined;
  availableFailed: boolean;
  wallet: 'spot' | 'contract';
  spendAsset: string;
  spendDecimals: number;
  /** What the order needs from the wallet when the balance is short (the transfer's prefill), else null. */
  needed: string | null;
  max: { label: string; size: string | null; asset: string; decimals: number };
  cost: { value: string; asset: string; decimals: number } | null;
}) {
  const { t } = useT();
  return (
    <>
      <p className={styles.available} data-testid="order-available">
        <span className={styles.muted}>{t('availableLabel')}</span>
        <span>{!loggedIn ? '—' : available !== undefined ? `${formatQuoteAmount(available, spendDecimals)} ${spendAsset}` : availableFailed ? t('availableFailed') : '…'}</span>
        <FundAction target={wallet} asset={spendAsset} available={available ?? null} needed={needed} decimals={spendDecimals} />
      </p>
      {loggedIn ? (
        <p className={styles.available} data-testid="order-max">
          <span className={styles.muted}>{max.label}</span>
          <span>{max.size !== null ? `${formatQuoteAmount(max.size, max.decimals)} ${max.asset}` : '—'}</span>
        </p>
      ) : null}
      {loggedIn && cost ? (
        <p className={styles.available} data-testid="order-cost">
          <span className={styles.muted}>{t('orderCostLabel')}</span>
          <span>{`${formatQuoteAmount(new Decimal(cost.value).toDecimalPlaces(cost.decimals, Decimal.ROUND_UP).toFixed(), cost.decimals)} ${cost.asset}`}</span>
        </p>
      ) : null}
    </>
  );
}

/** A perpetual's take-profit and stop-loss on entry, behind their checkbox. */
export function TpSlOnEntry({
  on,
  onToggle,
  values,
  errors,
  onChange,
}: {
  on: boolean;
  onToggle: (on: boolean) => void;
  values: Pick<OrderValues, 'takeProfit' | 'stopLoss'>;
  errors: { takeProfit: string | null; stopLoss: string | null };
  onChange: (change: Partial<Pick<OrderValues, 'takeProfit' | 'stopLoss'>>) => void;
}) {
  const { t } = useT();
  return (
    <>
      <label className={styles.check}>
        <input type="checkbox" checked={on} onChange={(event) => onToggle(event.target.checked)} data-testid="tpsl-toggle" />
        {t('tpSlOnEntry')}
      </label>
      {on ? (
        <>
          <DecimalField label={t('takeProfitLabel')} value={values.takeProfit} onChange={(takeProfit) => onChange({ takeProfit })} error={errors.takeProfit} data-testid="order-tp" />
          <DecimalField label={t('stopLossLabel')} value={values.stopLoss} onChange={(stopLoss) => onChange({ stopLoss })} error={errors.stopLoss} data-testid="order-sl" />
        </>
      ) : null}
    </>
  );
}
