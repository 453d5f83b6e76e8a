import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from 'jotai';
import { seconds, wallet } from '@meridian/contracts';
import {
  Button,
  DecimalField,
  Dialog,
  formatBalance,
  formatMoney,
  formatPercentNumber,
  percentOf,
  showToast,
  useApiMutation,
  useApiQuery,
  useAttemptId,
  useConfirmDemoInvest,
  useForm,
  useIsLoggedIn,
  useTypeUser,
  formatQuotePrice,
} from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import { availableOf } from '../../api/trading';
import { useT } from '../../i18n';
import { TradingHoursNotice } from '../trade/TradingHoursNotice';
import { AFFECTED } from '../../api/affected';
import { onRefusal, OUT_OF_TRADING_TIME } from '../trade/refusal';
import { SecondsDisclosure, useDisclosureAccepted, useDurationText } from './Disclosure';
import type { SecondsPrefill } from './result';
import { secondsQuote, type Direction, type SecondsContract, type SecondsProduct, type SecondsQuote } from './terms';
import { productOf, secondsForm } from './secondsForm';
import { FundAction } from '../funding/FundAction';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';
import { DemoMarker, useTradeGate } from '../trade/useTradeGate';

const OPTION_USDT = { accountType: 'option', asset: 'USDT' } as const;

/** The confirmation sheet: what the contract pays and costs before any money moves. */
function ConfirmSheet({ symbol, quote, demo, busy, priceDecimals, onCancel, onConfirm }: { symbol: string; quote: SecondsQuote; demo: boolean; busy: boolean; priceDecimals: number | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useT();
  const durationText = useDurationText();
  const up = quote.direction === 'up';
  const rows: Array<[string, string, string]> = [
    ['direction', t('secondsDirection'), t(up ? 'secondsUp' : 'secondsDown')],
    ['stake', t('secondsStake'), `${formatMoney(quote.stake)} USDT`],
    ['duration', t('secondsDuration'), durationText(quote.product.duration)],
    ['ratio', t('secondsPayoutRatio'), `${formatPercentNumber(percentOf(quote.product.payoutRatio), { minDecimals: 0 })} %`],
    ['payout', t('secondsPayoutIfWon'), `${formatMoney(quote.payoutIfWon)} USDT (+${formatMoney(quote.gainIfWon)})`],
    ['loss', t('secondsLossIfLost'), `${formatMoney(quote.lossIfLost)} USDT`],
    ['break-even', t('secondsBreakEven'), `${formatPercentNumber(percentOf(quote.product.breakEvenWinRate), { minDecimals: 0 })} %`],
    ['price', t('secondsCurrentPrice'), quote.price ? formatQuotePrice(quote.price, priceDecimals) : '—'],
  ];
  return (
    <Dialog
      title={t(up ? 'secondsConfirmUpTitle' : 'secondsConfirmDownTitle', { symbol })}
      testId="seconds-confirm"
      onDismiss={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" onClick={onConfirm} disabled={busy} data-testid="seconds-confirm-buy">
            {busy ? t('placing') : t(up ? 'secondsBuyUp' : 'secondsBuyDown')}
          </Button>
        </>
      }
    >
      <DemoMarker demo={demo} testId="seconds-confirm-demo" />
      <dl className={tradeStyles.facts}>
        {rows.map(([id, label, value]) => (
          <div key={id} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-testid={`seconds-confirm-${id}`} className={id === 'payout' || id === 'loss' ? tradeStyles.strong : undefined}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className={tradeStyles.note}>{t('secondsConfirmNote')}</p>
    </Dialog>
  );
}

/**
 * The Seconds form on one symbol: duration chips with their payout ratios, the stake against the option wallet
 * and the product's limits, Up and Down. The disclosure comes before the first purchase; the confirmation sheet
 * before every one.
 */
export function SecondsForm({
  symbol,
  products,
  quote,
  priceDecimals,
  prefill = null,
  onBought,
}: {
  symbol: string;
  products: readonly SecondsProduct[];
  quote: MarketQuote | null;
  priceDecimals: number | null;
  /** "Trade again" from a result sheet: the same product (or duration), stake and direction, on to its confirmation. */
  prefill?: SecondsPrefill | null;
  /** A purchase the server accepted: its result sheet is shown when it settles. */
  onBought?: (contract: SecondsContract) => void;
}) {
  const { t } = useT();
  const store = useStore();
  const loggedIn = useIsLoggedIn();
  const mayTrade = useTradeGate();
  const demo = useTypeUser() === 'demo';
  const confirmDemo = useConfirmDemoInvest();
  const durationText = useDurationText();
  const { busy, run } = useApiMutation(seconds.create, { invalidates: AFFECTED.secondsOpen });
  const { accepted, accept } = useDisclosureAccepted();
  const formId = useId();
  const stakeInput = useRef<HTMLInputElement>(null);
  const attempt = useAttemptId();
  // the product and the stake and their rules (secondsForm.ts); the stake's problem shows once the user tried to buy
  const form = useForm(secondsForm, { productId: products[0]!.id });
  const { stake } = form.values;
  const touched = form.state.submitted;
  const [disclosure, setDisclosure] = useState<{ then: Direction | null } | null>(null);
  const [pending, setPending] = useState<SecondsQuote | null>(null);
  const [hoursNotice, setHoursNotice] = useState(false);
  const product = productOf(form.values, { products });
  const available = useApiQuery(wallet.validAsset, OPTION_USDT, { enabled: loggedIn, select: availableOf });
  const checked = form.check({ products, available: available.data ?? null });
  const problem = checked.allErrors.stake ?? null;
  const price = quote?.price ?? null;

  const choose = (direction: Direction) => {
    if (!mayTrade()) return;
    form.submit();
    if (problem) {
      stakeInput.current?.focus();
      return;
    }
    if (!accepted) {
      setDisclosure({ then: direction });
      return;
    }
    setPending(secondsQuote(direction, stake, product, price ? String(price) : null));
  };

  const buy = async (order: SecondsQuote) => {
    if (!(await confirmDemo())) return;
    const requestId = attempt.idFor(JSON.stringify([symbol, order.direction, order.product.id, order.stake]));
    const answer = await run(
      { symbol, direction: order.direction, productId: order.product.id, stake: order.stake, requestId },
      onRefusal((reason) => {
        if (reason === OUT_OF_TRADING_TIME) setHoursNotice(true);
        // a refusal is an answer: the next confirmation is a new purchase
        attempt.done();
        setPending(null);
      }),
    );
    if (!answer) return;
    const bought = answer.value;
    onBought?.(bought);
    attempt.done();
    setPending(null);
    form.reset((current) => ({ ...current, stake: '' }));
    showToast(store, t('secondsBoughtToast', { price: formatQuotePrice(bought.openPrice, priceDecimals), duration: durationText(bought.duration) }), 'success');
  };

  // "Trade again": the form takes the contract's product (its duration when the product is gone) and stake, and
  // goes on as a press of its direction would: the disclosure if not yet accepted, else the confirmation sheet
  const applied = useRef<number | null>(null);
  useEffect(() => {
    if (!prefill || applied.current === prefill.nonce) return;
    applied.current = prefill.nonce;
    const again = products.find((p) => p.id === prefill.productId) ?? products.find((p) => p.duration.seconds === prefill.durationSeconds) ?? product;
    form.patch({ productId: again.id, stake: prefill.stake });
    form.submit();
    if (!mayTrade() || !secondsForm.valid({ productId: again.id, stake: prefill.stake }, { products, available: available.data ?? null })) return;
    if (!accepted) setDisclosure({ then: prefill.direction });
    else setPending(secondsQuote(prefill.direction, prefill.stake, again, price ? String(price) : null));
    // applied once per press (the nonce); the rest is read as it stands then
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill]);

  const submit = (event: FormEvent) => event.preventDefault();
  const error = touched && problem ? t(problem.key, problem.values) : null;
  const preview = checked.summary;

  return (
    <form className={tradeStyles.form} onSubmit={submit} noValidate aria-labelledby={`${formId}-title`} data-testid="seconds-form">
      <h2 id={`${formId}-title`} className={tradeStyles.visuallyHidden}>
        {t('secondsFormTitle', { symbol })}
      </h2>
      <DemoMarker demo={demo} />
      <div>
        <span className={tradeStyles.fieldLabel} id={`${formId}-durations`}>
          {t('secondsDuration')}
        </span>
        <div className={styles.durations} role="radiogroup" aria-labelledby={`${formId}-durations`}>
          {products.map((item) => (
            <button
              key={item.id}
              type="button"
              role="radio"
              aria-checked={item.id === product.id}
              className={`${tradeStyles.chip} ${styles.duration}`}
              onClick={() => form.patch({ productId: item.id })}
              data-testid={`seconds-duration-${item.duration.seconds}`}
            >
              <span>{durationText(item.duration)}</span>
              <span className={styles.ratio}>{`${formatPercentNumber(percentOf(item.payoutRatio), { minDecimals: 0 })} %`}</span>
            </button>
          ))}
        </div>
      </div>
      <DecimalField
        ref={stakeInput}
        label={t('secondsStakeLabel')}
        value={stake}
        onChange={(value) => form.patch({ stake: value })}
        error={error}
        hint={t('secondsStakeHint', { min: product.minStake, max: product.maxStake })}
        data-testid="seconds-stake"
      />
      <p className={tradeStyles.available} data-testid="seconds-available">
        <span className={tradeStyles.muted}>{t('secondsAvailable')}</span>
        <span>{!loggedIn ? '—' : available.data !== undefined ? `${formatBalance(available.data, 'USDT')} USDT` : available.isError ? t('availableFailed') : '…'}</span>
        <FundAction target="option" asset="USDT" available={available.data ?? null} needed={problem?.key === 'insufficientBalance' ? stake.trim() : null} />
      </p>
      {preview ? (
        <p className={tradeStyles.note} data-testid="seconds-payout-preview">
          {t('secondsPayoutPreview', { payout: formatMoney(preview.payoutIfWon), stake: formatMoney(preview.stake) })}
        </p>
      ) : null}
      <div className={styles.directions}>
        <button type="button" className={`${tradeStyles.submit} ${tradeStyles.submitBuy}`} disabled={busy} onClick={() => choose('up')} data-testid="seconds-up">
          <span aria-hidden="true">▲ </span>
          {t('secondsUp')}
        </button>
        <button type="button" className={`${tradeStyles.submit} ${tradeStyles.submitSell}`} disabled={busy} onClick={() => choose('down')} data-testid="seconds-down">
          <span aria-hidden="true">▼ </span>
          {t('secondsDown')}
        </button>
      </div>
      <p className={styles.riskLine} data-testid="seconds-risk-line">
        {t('secondsRiskLine', { duration: durationText(product.duration), rate: formatPercentNumber(percentOf(product.breakEvenWinRate), { minDecimals: 0 }) })}{' '}
        <button type="button" className={styles.linkButton} onClick={() => setDisclosure({ then: null })} data-testid="seconds-disclosure-open">
          {t('secondsReadDisclosure')}
        </button>
      </p>
      {disclosure ? (
        <SecondsDisclosure
          symbol={symbol}
          products={products}
          needsAcceptance={!accepted}
          onClose={() => setDisclosure(null)}
          onAccept={() => {
            accept();
            const then = disclosure.then;
            setDisclosure(null);
            if (then) setPending(secondsQuote(then, stake, product, price ? String(price) : null));
          }}
        />
      ) : null}
      {pending ? (
        <ConfirmSheet symbol={symbol} quote={pending} demo={demo} busy={busy} priceDecimals={priceDecimals} onCancel={() => setPending(null)} onConfirm={() => void buy(pending)} />
      ) : null}
      {hoursNotice ? <TradingHoursNotice symbol={symbol} onClose={() => setHoursNotice(false)} /> : null}
    </form>
  );
}
