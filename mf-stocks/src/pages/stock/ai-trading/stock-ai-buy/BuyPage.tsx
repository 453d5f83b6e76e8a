import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { aiFunds } from '@meridian/contracts';
import { ApiError, AppLink, Button, DecimalField, Dialog, Field, Page, QueryState, formatExact, loginUrl, orZero, useApiMutation, useApiQuery, useAttemptId, useConfirmDemoInvest, useForm, useIsLoggedIn, useTypeUser, useValidationText } from '@meridian/shared';
import { useT } from '../../../../i18n';
import { P } from '../../../../paths';
import { AI_FUND_GROUP, fundOf, type Fund, type FundPosition } from '../parts/api';
import { buyForm } from '../parts/buy-form';
import { usdt, when } from '../parts/figures';
import styles from '../parts/ai.module.css';

const message = (failure: unknown, fallback: string) => (failure instanceof ApiError && failure.message ? failure.message : fallback);

/** /pages/stock/ai-trading/stock-ai-buy?fund=<id> — the access code when the fund has one, then shares or an amount, a confirmation and the receipt. */
export function AiBuyPage() {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = params.get('fund');
  const funds = useApiQuery(aiFunds.list);
  const loggedIn = useIsLoggedIn();
  return (
    <Page title={t('aiBuyTitle')}>
      <div className={styles.single}>
      <QueryState query={funds} missing={!id} notFound={<NoFund />} errorTitle={t('aiFundLoadFailed')}>
        {(list) => {
          const fund = fundOf(list, id);
          if (!fund) return <NoFund />;
          if (!loggedIn) return <LoginFirst />;
          return <BuyFund key={fund.id} fund={fund} />;
        }}
      </QueryState>
      </div>
    </Page>
  );
}

function NoFund() {
  const { t } = useT();
  return (
    <div className={styles.card} role="alert">
      <p>{t('aiFundNotFoundText')}</p>
      <AppLink href={P.aiTrading}>{t('aiFundBackToList')}</AppLink>
    </div>
  );
}

function LoginFirst() {
  const { t } = useT();
  return (
    <div className={styles.card}>
      <p>{t('aiFundLoginFirst')}</p>
      <AppLink className={styles.linkButton} href={loginUrl(`${location.pathname}${location.search}`)}>
        {t('aiFundLoginButton')}
      </AppLink>
    </div>
  );
}

function BuyFund({ fund }: { fund: Fund }) {
  const [code, setCode] = useState<string | null>(fund.hasCode ? null : '');
  const [receipt, setReceipt] = useState<FundPosition | null>(null);
  if (receipt) return <Receipt position={receipt} />;
  if (code === null) return <CodeStep fund={fund} onOpen={setCode} />;
  return <BuyForm fund={fund} code={code} onBought={setReceipt} />;
}

/** The fund's 4-digit access code, checked by the server (wrong ones count; five in a row pause for 15 minutes). */
function CodeStep({ fund, onOpen }: { fund: Fund; onOpen: (code: string) => void }) {
  const { t } = useT();
  const [code, setCode] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const check = useApiMutation(aiFunds.checkCode, { call: { silent: true } });
  const valid = /^[0-9]{4}$/.test(code);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!valid || check.busy) return;
    setRefused(null);
    const result = await check.run({ fundId: fund.id, code }, (failure) => {
      setRefused(message(failure, t('aiFundRequestFailed')));
      return true;
    });
    if (result) onOpen(code);
  };
  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={(e) => void submit(e)} noValidate data-testid="ai-fund-code-step">
      <h2 className={styles.cardTitle}>{fund.name}</h2>
      <p className={styles.muted}>{t('aiFundCodeIntro')}</p>
      <Field
        label={t('aiFundCodeLabel')}
        name="aiFundCode"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={code}
        onChange={(e) => setCode(e.target.value.replace(/[^0-9]/g, '').slice(0, 4))}
        error={refused}
        hint={t('aiFundCodeHint')}
      />
      <Button type="submit" disabled={!valid || check.busy} aria-busy={check.busy || undefined}>
        {t('aiFundCodeCheck')}
      </Button>
    </form>
  );
}

function BuyForm({ fund, code, onBought }: { fund: Fund; code: string; onBought: (p: FundPosition) => void }) {
  const { t } = useT();
  const vt = useValidationText();
  const demo = useTypeUser() === 'demo';
  const confirmDemo = useConfirmDemoInvest();
  const form = useForm(buyForm);
  const attempt = useAttemptId();
  const buy = useApiMutation(aiFunds.buy, { invalidates: [AI_FUND_GROUP], call: { silent: true } });
  const [confirming, setConfirming] = useState(false);
  const [refused, setRefused] = useState<string | null>(null);
  const checked = form.check({ shareDecimals: fund.shareDecimals, minShares: fund.minShares, valuePerShare: fund.valuePerShare });
  const field = form.values.by;
  const problem = checked.errors[field];
  const errorText = problem === 'belowMinimum' ? t('aiFundBelowMin', { min: formatExact(orZero(fund.minShares)) }) : problem === 'tooManyDecimals' ? t('aiFundDecimals', { decimals: String(fund.shareDecimals) }) : vt(problem);
  const { summary } = checked;

  const review = async (event: FormEvent) => {
    event.preventDefault();
    form.submit();
    setRefused(null);
    if (!checked.valid || !summary.send) return;
    if (!(await confirmDemo())) return;
    setConfirming(true);
  };
  const confirm = async () => {
    if (!summary.send) return;
    const send = summary.send;
    const requestId = attempt.idFor(`${fund.id}|${JSON.stringify(send)}`);
    const result = await buy.run({ fundId: fund.id, ...send, ...(code ? { code } : {}), requestId }, (failure) => {
      setRefused(message(failure, t('aiFundRequestFailed')));
      setConfirming(false);
      return true;
    });
    if (!result) return;
    attempt.done();
    onBought(result.value);
  };

  return (
    <div className={styles.stack}>
      <form className={`${styles.card} ${styles.form}`} onSubmit={(e) => void review(e)} noValidate data-testid="ai-fund-buy-form">
        <h2 className={styles.cardTitle}>{fund.name}</h2>
        {demo ? <p className={styles.note}>{t('aiFundDemoNote')}</p> : null}
        <dl className={styles.facts}>
          <dt>{t('aiFundValueLabel')}</dt>
          <dd>{fund.valuePerShare ? `${formatExact(orZero(fund.valuePerShare))} USDT` : t('aiFundNotValuedYet')}</dd>
          <dt>{t('aiFundMinShareLabel')}</dt>
          <dd>{formatExact(orZero(fund.minShares))}</dd>
        </dl>
        <div className={styles.toggle} role="group" aria-label={t('aiFundByLabel')}>
          <Button variant="secondary" aria-pressed={field === 'shares'} onClick={() => form.set('by', 'shares')}>
            {t('aiFundByShares')}
          </Button>
          <Button variant="secondary" aria-pressed={field === 'amount'} onClick={() => form.set('by', 'amount')}>
            {t('aiFundByAmount')}
          </Button>
        </div>
        <DecimalField
          label={field === 'shares' ? t('aiFundSharesLabel') : t('aiFundAmountLabel')}
          name={field === 'shares' ? 'aiFundShares' : 'aiFundAmount'}
          value={form.values[field]}
          onChange={(v: string) => form.set(field, v)}
          error={errorText}
          hint={field === 'shares' ? t('aiFundSharesHint', { decimals: String(fund.shareDecimals) }) : t('aiFundAmountHint')}
        />
        {summary.cost ? <p className={styles.muted} data-testid="ai-fund-estimate">{t('aiFundEstimate', { shares: formatExact(orZero(summary.shares)), cost: usdt(summary.cost) })}</p> : null}
        {refused ? (
          <p className={styles.error} role="alert" data-testid="ai-fund-refused">
            {refused}
          </p>
        ) : null}
        <Button type="submit" disabled={buy.busy || !fund.valuePerShare}>
          {t('aiFundReviewButton')}
        </Button>
      </form>
      {confirming ? (
        <Dialog
          title={t('aiFundConfirmTitle', { name: fund.name })}
          onDismiss={buy.busy ? undefined : () => setConfirming(false)}
          testId="ai-fund-confirm"
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(false)} disabled={buy.busy}>
                {t('aiFundCancel')}
              </Button>
              <Button data-primary onClick={() => void confirm()} disabled={buy.busy} aria-busy={buy.busy || undefined}>
                {t('aiFundConfirmBuy')}
              </Button>
            </>
          }
        >
          <div className={styles.stack}>
          <dl className={styles.facts}>
            <dt>{t('aiFundSharesLabel')}</dt>
            <dd>{formatExact(orZero(summary.shares))}</dd>
            <dt>{t('aiFundValueLabel')}</dt>
            <dd>{fund.valuePerShare ? `${formatExact(orZero(fund.valuePerShare))} USDT` : '—'}</dd>
            <dt>{t('aiFundCostLabel')}</dt>
            <dd>{usdt(summary.cost)}</dd>
            <dt>{t('aiFundPaidFromLabel')}</dt>
            <dd>{t('aiFundSpotWallet')}</dd>
          </dl>
          <p className={styles.muted}>{t('aiFundConfirmNote')}</p>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

function Receipt({ position }: { position: FundPosition }) {
  const { t } = useT();
  return (
    <section className={`${styles.card} ${styles.receipt}`} aria-labelledby="ai-receipt-title" data-testid="ai-fund-receipt">
      <h2 id="ai-receipt-title" className={styles.cardTitle}>
        {t('aiFundReceiptTitle')}
      </h2>
      <dl className={styles.facts}>
        <dt>{t('aiFundNameLabel')}</dt>
        <dd>{position.fundName}</dd>
        <dt>{t('aiFundSharesLabel')}</dt>
        <dd data-testid="ai-receipt-shares">{formatExact(orZero(position.shares))}</dd>
        <dt>{t('aiFundBoughtAtLabel')}</dt>
        <dd>{`${formatExact(orZero(position.buyValue))} USDT`}</dd>
        <dt>{t('aiFundValuedTimeLabel')}</dt>
        <dd>{when(position.buyValuedAt)}</dd>
        <dt>{t('aiFundCostLabel')}</dt>
        <dd data-testid="ai-receipt-cost">{usdt(position.cost)}</dd>
        <dt>{t('aiFundMostPaidLabel')}</dt>
        <dd>{usdt(position.redeemCap)}</dd>
        <dt>{t('aiFundTimeLabel')}</dt>
        <dd>{when(position.boughtAt)}</dd>
      </dl>
      <div className={styles.actions}>
        <AppLink className={styles.linkButton} href={P.aiTrading}>
          {t('aiFundBackToList')}
        </AppLink>
      </div>
    </section>
  );
}
