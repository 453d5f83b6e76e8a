import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, formatMoney, priceDecimals, Spinner, useApiPaged, useIsLoggedIn, formatQuotePrice, formatSignedMoney } from '@meridian/shared';
import { outcomeOf, seconds } from '@meridian/contracts';
import { useT, type Key } from '../../i18n';
import { P } from '../../paths';
import { direction as trendOf } from '../market/quotes';
import { useLiveQuote } from '../market/useLiveQuote';
import { PagedRows } from '../trade/listParts';
import { useDurationText } from './Disclosure';
import { fetchContracts, useServerNow } from './serverClock';
import { useOpenContracts } from './useOpenContracts';
import { SecondsHistoryTable, SecondsOpenTable } from './SecondsTables';
import { formatCountdown, type SecondsContract } from './terms';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

/** A contract's page: the desktop grid has its own (a wide window does not stay on a mobile page). */
export const secondsDetailUrl = (id: string, layout: Layout) => `${layout === 'desktop' ? P.desktopSecondsDetail : P.secondsDetail}?id=${encodeURIComponent(id)}`;

export type Layout = 'phone' | 'desktop';

export const OUTCOME_KEYS: Record<'win' | 'loss' | 'tie', Key> = { win: 'secondsWon', loss: 'secondsLost', tie: 'secondsTie' };
export const STANDING_KEYS: Record<'win' | 'loss' | 'tie', Key> = { win: 'secondsWinning', loss: 'secondsLosing', tie: 'secondsLevel' };

/** Up or Down: the arrow and the word as well as the colour. */
export function DirectionBadge({ direction }: { direction: 'up' | 'down' }) {
  const { t } = useT();
  const up = direction === 'up';
  return <span className={`${tradeStyles.badge} ${up ? tradeStyles.badgeBuy : tradeStyles.badgeSell}`}>{`${up ? '▲' : '▼'} ${t(up ? 'secondsUp' : 'secondsDown')}`}</span>;
}

/** Refunded (no price recorded at expiry), worded in full in its title. */
export function RefundedBadge() {
  const { t } = useT();
  return <span className={tradeStyles.badge} data-outcome="refunded" title={t('secondsRefundedNoPrice')}>{t('secondsStatusRefunded')}</span>;
}

/** The badge of a finished contract: its outcome, or refunded. */
export function EndBadge({ contract }: { contract: Pick<SecondsContract, 'status' | 'outcome'> }) {
  if (contract.status === 'refunded') return <RefundedBadge />;
  return contract.outcome ? <OutcomeBadge outcome={contract.outcome} /> : null;
}

/** Won, lost or tie, coloured and worded. */
export function OutcomeBadge({ outcome }: { outcome: 'win' | 'loss' | 'tie' }) {
  const { t } = useT();
  return <span className={`${tradeStyles.badge} ${outcome === 'win' ? tradeStyles.badgeBuy : outcome === 'loss' ? tradeStyles.badgeSell : ''}`} data-outcome={outcome}>{t(OUTCOME_KEYS[outcome])}</span>;
}

function RowFacts({ items }: { items: Array<[Key, ReactNode, string?]> }) {
  const { t } = useT();
  return (
    <dl className={tradeStyles.rowFacts}>
      {items.map(([label, value, testId]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd data-testid={testId}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A row's head: the symbol (the way to the detail), the direction, the duration, and what the row adds. */
function ContractHead({ contract, layout, children }: { contract: SecondsContract; layout: Layout; children: ReactNode }) {
  const durationText = useDurationText();
  return (
    <div className={tradeStyles.rowHead}>
      <Link className={tradeStyles.rowTitle} to={secondsDetailUrl(contract.id, layout)}>
        {contract.symbol}
      </Link>
      <DirectionBadge direction={contract.direction} />
      <span className={tradeStyles.badge}>{durationText(contract.duration)}</span>
      {children}
    </div>
  );
}

/** An open contract: its countdown to expiry on the server's clock, and where it stands at the live price. */
function OpenRow({ contract, now, layout }: { contract: SecondsContract; now: number; layout: Layout }) {
  const { t } = useT();
  const live = useLiveQuote(contract.symbol).quote;
  const price = live?.price !== undefined && live?.price !== null ? String(live.price) : null;
  const remaining = new Date(contract.expiresAt).getTime() - now;
  const standing = price ? outcomeOf(contract.direction, contract.openPrice, price) : null;
  return (
    <li className={tradeStyles.row} data-testid="seconds-open-row" data-id={contract.id}>
      <ContractHead contract={contract} layout={layout}>
        <span className={styles.countdown} role="timer" aria-label={t('secondsTimeLeft')} data-testid="seconds-countdown" data-remaining={Math.max(0, Math.ceil(remaining / 1000))}>
          {remaining > 0 ? formatCountdown(remaining) : t('secondsSettling')}
        </span>
      </ContractHead>
      <RowFacts
        items={[
          ['secondsStake', `${formatMoney(contract.stake)} USDT`],
          ['secondsOpenPrice', formatQuotePrice(contract.openPrice, priceDecimals(contract.symbol)), 'seconds-open-price'],
          ['secondsCurrentPrice', price ? formatQuotePrice(price, priceDecimals(contract.symbol)) : '—'],
        ]}
      />
      {standing ? (
        <p className={`${tradeStyles.note} ${tradeStyles[standing === 'win' ? 'up' : standing === 'loss' ? 'down' : 'flat']}`} data-testid="seconds-standing" data-standing={standing}>
          {t(STANDING_KEYS[standing])}
        </p>
      ) : null}
    </li>
  );
}

/** A settled contract: both prices, the result, what it paid and the net. */
function HistoryRow({ contract, layout }: { contract: SecondsContract; layout: Layout }) {
  const net = contract.pnl ?? '0';
  return (
    <li className={tradeStyles.row} data-testid="seconds-history-row" data-id={contract.id}>
      <ContractHead contract={contract} layout={layout}><EndBadge contract={contract} /></ContractHead>
      <RowFacts
        items={[
          ['secondsStake', `${formatMoney(contract.stake)} USDT`],
          ['secondsOpenPrice', formatQuotePrice(contract.openPrice, priceDecimals(contract.symbol))],
          ['secondsClosePrice', contract.closePrice ? formatQuotePrice(contract.closePrice, priceDecimals(contract.symbol)) : '—'],
          ['secondsPayout', `${contract.payout ? formatMoney(contract.payout) : '—'} USDT`, 'seconds-payout'],
          ['secondsNet', <span className={tradeStyles[trendOf(net)]}>{`${formatSignedMoney(net)} USDT`}</span>, 'seconds-net'],
        ]}
      />
    </li>
  );
}

/** The user's record over settled contracts of this account mode, as the server counts it. */
function RecordSummary({ record }: { record: { count: number; wins: number; losses: number; ties: number; net: string } }) {
  const { t } = useT();
  return (
    <div className={styles.record} data-testid="seconds-record" aria-label={t('secondsRecordTitle')}>
      <RowFacts
        items={[
          ['secondsRecordContracts', String(record.count), 'seconds-record-count'],
          ['secondsRecordWins', String(record.wins), 'seconds-record-wins'],
          ['secondsRecordNet', <span className={tradeStyles[trendOf(record.net)]}>{`${formatSignedMoney(record.net)} USDT`}</span>, 'seconds-record-net'],
        ]}
      />
      <p className={tradeStyles.note}>{t('secondsRecordDetail', { losses: String(record.losses), ties: String(record.ties) })}</p>
    </div>
  );
}

/**
 * The user's seconds contracts: open ones with a live countdown (read against the server's clock, from the list's
 * serverTime), and history with each result and the user's record. SECOND_CONTRACT pushes invalidate both
 * (shared PUSH_INVALIDATIONS); a contract still shown open a few seconds after its expiry is read again.
 */
export function SecondsLists({ layout }: { layout: Layout }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [tab, setTab] = useState<'open' | 'history'>('open');
  const open = useOpenContracts();
  const history = useApiPaged(seconds.getContractList.path, { status: 'history' as const }, (page, size) => fetchContracts('history', page, size), { enabled: loggedIn && tab === 'history' });
  const contracts = open.data?.list ?? [];
  const now = useServerNow(open.data?.clockOffset ?? 0, contracts.length > 0);
  if (!loggedIn) return <p className={tradeStyles.muted}>{t('listsLoginPrompt')}</p>;
  return (
    <section className={tradeStyles.lists} aria-label={t('secondsListsLabel')} data-testid="lists-seconds">
      <div className={tradeStyles.tabs} role="tablist" aria-label={t('secondsListsLabel')}>
        {(['open', 'history'] as const).map((item) => (
          <button key={item} type="button" role="tab" className={tradeStyles.tab} aria-selected={tab === item} onClick={() => setTab(item)} data-testid={`seconds-tab-${item}`}>
            {item === 'open' ? `${t('secondsTabOpen')}${open.data ? ` (${open.data.total})` : ''}` : t('tabHistory')}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        {tab === 'open' ? (
          open.isLoading ? (
            <Spinner />
          ) : open.isError && !open.data ? (
            <ErrorState title={t('listFailed')} onRetry={() => void open.refetch()} />
          ) : contracts.length === 0 ? (
            <EmptyState title={t('secondsNoOpen')} />
          ) : (
            layout === 'desktop' ? (
              <SecondsOpenTable rows={contracts} now={now} />
            ) : (
            <ul className={tradeStyles.rows}>
              {contracts.map((contract) => (
                <OpenRow key={contract.id} contract={contract} now={now} layout={layout} />
              ))}
            </ul>
            )
          )
        ) : (
          <>
            {open.data ? <RecordSummary record={open.data.record} /> : null}
            <PagedRows list={history} empty="secondsNoHistory" table={layout === 'desktop' ? (rows) => <SecondsHistoryTable rows={rows} /> : undefined}>
              {(contract: SecondsContract) => <HistoryRow key={contract.id} contract={contract} layout={layout} />}
            </PagedRows>
          </>
        )}
      </div>
    </section>
  );
}
