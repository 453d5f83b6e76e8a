import { useId } from 'react';
import { DecimalField, formatQuotePrice } from '@meridian/shared';
import { useT } from '../../i18n';
import { trailingTrigger, type AdvancedOrder, type AdvancedProblems, type Condition, type TimeInForce, type TriggerSource } from './orderTypes';
import type { OrderKind, OrderSide } from './rules';
import own from './orderTypes.module.css';
import styles from './trade.module.css';

/**
 * The order form's conditional and execution options (perpetual and forex): a condition (none, stop, trailing
 * stop) with its trigger price or callback rate and the price it watches (mark or last), the time in force and
 * post-only of a limit, and reduce-only. A trailing stop shows where its trigger stands now.
 */
export function AdvancedOrderFields({
  kind,
  side,
  value,
  onChange,
  problems,
  current,
  priceDecimals,
  quoteAsset,
}: {
  kind: OrderKind;
  side: OrderSide;
  value: AdvancedOrder;
  onChange: (change: Partial<AdvancedOrder>) => void;
  /** The first problem of each field, once the user tried to submit (null: none shown). */
  problems: AdvancedProblems;
  /** The watched price now (mark or last), for the trailing stop's trigger as it would start. */
  current: string | null;
  priceDecimals: number;
  quoteAsset: string;
}) {
  const { t } = useT();
  const id = useId();
  const limit = kind === 'limit' && value.condition !== 'trailing';
  const trailingNow = value.condition === 'trailing' && current !== null && problems.callback === null && value.callbackRate.trim() !== ''
    ? trailingTrigger(side, null, current, value.callbackRate.trim(), priceDecimals)
    : null;
  return (
    <>
      <div className={own.pair}>
        <div>
          <label className={styles.fieldLabel} htmlFor={`${id}-condition`}>
            {t('conditionLabel')}
          </label>
          <select id={`${id}-condition`} className={styles.select} value={value.condition} onChange={(e) => onChange({ condition: e.target.value as Condition })} data-testid="order-condition">
            <option value="none">{t('conditionNone')}</option>
            <option value="stop">{t(kind === 'limit' ? 'orderStopLimit' : 'orderStopMarket')}</option>
            <option value="trailing">{t('orderTrailingStop')}</option>
          </select>
        </div>
        {value.condition !== 'none' ? (
          <div>
            <label className={styles.fieldLabel} htmlFor={`${id}-source`}>
              {t('triggerSourceLabel')}
            </label>
            <select id={`${id}-source`} className={styles.select} value={value.triggerSource} onChange={(e) => onChange({ triggerSource: e.target.value as TriggerSource })} data-testid="order-trigger-source">
              <option value="mark">{t('triggerSourceMark')}</option>
              <option value="last">{t('triggerSourceLast')}</option>
            </select>
          </div>
        ) : null}
      </div>
      {value.condition === 'stop' ? (
        <DecimalField
          label={t('triggerPriceLabel', { coin: quoteAsset })}
          value={value.triggerPrice}
          onChange={(triggerPrice) => onChange({ triggerPrice })}
          error={problems.trigger ? t(problems.trigger) : null}
          data-testid="order-trigger"
        />
      ) : null}
      {value.condition === 'trailing' ? (
        <DecimalField
          label={t('callbackRateLabel')}
          value={value.callbackRate}
          onChange={(callbackRate) => onChange({ callbackRate })}
          error={problems.callback ? t(problems.callback) : null}
          hint={trailingNow ? t('trailingStartsAt', { trigger: formatQuotePrice(trailingNow.trigger, priceDecimals) }) : undefined}
          data-testid="order-callback"
        />
      ) : null}
      {limit ? (
        <div>
          <label className={styles.fieldLabel} htmlFor={`${id}-tif`}>
            {t('timeInForceLabel')}
          </label>
          <select id={`${id}-tif`} className={styles.select} value={value.timeInForce} onChange={(e) => onChange({ timeInForce: e.target.value as TimeInForce })} data-testid="order-tif">
            <option value="GTC">{t('tifGtc')}</option>
            <option value="IOC">{t('tifIoc')}</option>
            <option value="FOK">{t('tifFok')}</option>
          </select>
        </div>
      ) : null}
      <div className={own.flags}>
        {limit ? (
          <label className={styles.check}>
            <input type="checkbox" checked={value.postOnly && value.timeInForce === 'GTC'} disabled={value.timeInForce !== 'GTC'} onChange={(e) => onChange({ postOnly: e.target.checked })} data-testid="order-post-only" />
            {t('postOnlyLabel')}
          </label>
        ) : null}
        <label className={styles.check}>
          <input type="checkbox" checked={value.reduceOnly} onChange={(e) => onChange({ reduceOnly: e.target.checked })} data-testid="order-reduce-only" />
          {t('reduceOnlyLabel')}
        </label>
      </div>
    </>
  );
}
