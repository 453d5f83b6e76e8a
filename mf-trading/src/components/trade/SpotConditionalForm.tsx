import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useStore } from 'jotai';
import { trading, wallet } from '@meridian/contracts';
import { Button, DecimalField, showToast, useApiMutation, useApiQuery, useAttemptId, useIsLoggedIn, formatQuoteAmount } from '@meridian/shared';
import { AFFECTED } from '../../api/affected';
import type { MarketQuote } from '../../api/market';
import { availableOf, type InstrumentTerms } from '../../api/trading';
import { useT } from '../../i18n';
import { conditionalProblems, conditionalReceipt, type ConditionalKind, type ConditionalValues } from './conditionalReceipt';
import styles from './trade.module.css';

const EMPTY: ConditionalValues = { quantity: '', takeProfit: '', stop: '', stopLimit: '' };

/**
 * The TP/SL and OCO entries of the spot form: a sell of part of the holding at a take-profit above the bid and/or
 * once the bid falls to a stop (at a stop-limit price, or at the market when left empty). The receipt sentence
 * under the fields says what will happen before the user places it; the holding is frozen once for both legs.
 */
export function SpotConditionalForm({
  kind,
  symbol,
  quote,
  terms,
  selector,
}: {
  kind: ConditionalKind;
  /** The form's order-type selector (shared with the market and limit form). */
  selector: ReactNode;
  symbol: string;
  quote: MarketQuote | null;
  terms: InstrumentTerms | null;
}) {
  const { t } = useT();
  const store = useStore();
  const loggedIn = useIsLoggedIn();
  const { busy, run } = useApiMutation(trading.spotConditionalCreate, { invalidates: AFFECTED.spotOrder });
  const [values, setValues] = useState<ConditionalValues>(EMPTY);
  const [touched, setTouched] = useState(false);
  // one request id per distinct attempt: a retry of the same values answers the same order
  const attempt = useAttemptId();
  const base = terms?.base ?? symbol.replace(/USDT$/, '');
  const decimals = { priceDecimals: terms?.priceDecimals ?? quote?.priceDecimals ?? 2, amountDecimals: terms?.amountDecimals ?? quote?.amountDecimals ?? 5 };
  const available = useApiQuery(wallet.validAsset, { accountType: 'spot', asset: base }, { enabled: loggedIn, select: availableOf });
  useEffect(() => {
    setValues(EMPTY);
    setTouched(false);
  }, [symbol, kind]);

  const problems = conditionalProblems(kind, values, { bid: quote?.bid ?? null, available: available.data ?? null, ...decimals });
  const valid = Object.keys(problems).length === 0;
  const receipt = valid ? conditionalReceipt(t, values, base, decimals) : null;
  const show = (field: keyof ConditionalValues) => (touched || values[field] !== '' ? problems[field] && t(problems[field]) : undefined);
  const set = (change: Partial<ConditionalValues>) => setValues((current) => ({ ...current, ...change }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!valid || !loggedIn) return;
    const input = {
      symbol,
      kind,
      quantity: values.quantity.trim(),
      ...(values.takeProfit.trim() ? { takeProfitPrice: values.takeProfit.trim() } : {}),
      ...(values.stop.trim() ? { stopPrice: values.stop.trim() } : {}),
      ...(values.stopLimit.trim() ? { stopLimitPrice: values.stopLimit.trim() } : {}),
    };
    const placed = await run({ ...input, requestId: attempt.idFor(JSON.stringify(input)) });
    if (!placed) return;
    attempt.done();
    setValues(EMPTY);
    setTouched(false);
    showToast(store, t(kind === 'oco' ? 'conditionalPlacedOco' : 'conditionalPlacedTpSl'), 'success');
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate data-testid={`conditional-form-${kind}`}>
      {selector}
      <p className={styles.muted}>{t(kind === 'oco' ? 'conditionalOcoIntro' : 'conditionalTpSlIntro', { coin: base })}</p>
      <DecimalField label={t('quantityLabel', { coin: base })} value={values.quantity} onChange={(quantity) => set({ quantity })} error={show('quantity')} data-testid="conditional-quantity" />
      <DecimalField label={t('conditionalTakeProfitLabel')} value={values.takeProfit} onChange={(takeProfit) => set({ takeProfit })} error={show('takeProfit')} data-testid="conditional-tp" />
      <DecimalField label={t('conditionalStopLabel')} value={values.stop} onChange={(stop) => set({ stop })} error={show('stop')} data-testid="conditional-stop" />
      <DecimalField
        label={t('conditionalStopLimitLabel')}
        value={values.stopLimit}
        onChange={(stopLimit) => set({ stopLimit })}
        error={show('stopLimit')}
        hint={t('conditionalStopLimitHint')}
        data-testid="conditional-stop-limit"
      />
      <p className={styles.available}>
        <span className={styles.muted}>{t('availableLabel')}</span>
        <span>{loggedIn && available.data !== undefined ? `${formatQuoteAmount(available.data, decimals.amountDecimals)} ${base}` : '—'}</span>
      </p>
      <p className={styles.notice} role="status" data-testid="conditional-receipt">
        {receipt ?? t('conditionalReceiptEmpty')}
      </p>
      <Button type="submit" disabled={busy || !loggedIn} data-testid="conditional-submit">
        {t(kind === 'oco' ? 'conditionalPlaceOco' : 'conditionalPlaceTpSl')}
      </Button>
    </form>
  );
}
