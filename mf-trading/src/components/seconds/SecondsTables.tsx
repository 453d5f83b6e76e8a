import { Link } from 'react-router-dom';
import { formatMoney, priceDecimals, formatQuotePrice, formatRecordTime, formatSignedMoney } from '@meridian/shared';
import { outcomeOf } from '@meridian/contracts';
import { useT, type Key } from '../../i18n';
import { direction as trendOf } from '../market/quotes';
import { useLiveQuote } from '../market/useLiveQuote';
import { ColumnTable, TableFrame, type Column } from '../trade/ListTables';
import { useDurationText } from './Disclosure';
import { DirectionBadge, EndBadge, secondsDetailUrl, STANDING_KEYS } from './SecondsLists';
import { formatCountdown, type SecondsContract } from './terms';
import tradeStyles from '../trade/trade.module.css';
import styles from './seconds.module.css';

/* The desktop grid's seconds lists as column tables (ListTables' frame), the phone keeping its cards. */

const price = (contract: SecondsContract, value: string | null | undefined) => (value ? formatQuotePrice(value, priceDecimals(contract.symbol)) : '—');

function SymbolLink({ contract }: { contract: SecondsContract }) {
  return (
    <Link className={tradeStyles.rowTitle} to={secondsDetailUrl(contract.id, 'desktop')}>
      {contract.symbol}
    </Link>
  );
}

const OPEN_HEADERS: Array<[Key, boolean]> = [
  ['colSymbol', false],
  ['secondsDirection', false],
  ['secondsDuration', false],
  ['secondsStake', true],
  ['secondsOpenPrice', true],
  ['secondsCurrentPrice', true],
  ['secondsTimeLeft', true],
  ['secondsResult', false],
];

/** Open contracts: each row's countdown on the server's clock (`now`) and where it stands at the live price. */
export function SecondsOpenTable({ rows, now }: { rows: SecondsContract[]; now: number }) {
  const { t } = useT();
  return (
    <TableFrame caption={t('secondsTabOpen')} headers={OPEN_HEADERS}>
      {rows.map((contract) => (
        <OpenTableRow key={contract.id} contract={contract} now={now} />
      ))}
    </TableFrame>
  );
}

function OpenTableRow({ contract, now }: { contract: SecondsContract; now: number }) {
  const { t } = useT();
  const durationText = useDurationText();
  const live = useLiveQuote(contract.symbol).quote;
  const current = live?.price !== undefined && live?.price !== null ? String(live.price) : null;
  const remaining = new Date(contract.expiresAt).getTime() - now;
  const standing = current ? outcomeOf(contract.direction, contract.openPrice, current) : null;
  return (
    <tr data-testid="seconds-open-row" data-id={contract.id}>
      <td>
        <SymbolLink contract={contract} />
      </td>
      <td>
        <DirectionBadge direction={contract.direction} />
      </td>
      <td>{durationText(contract.duration)}</td>
      <td className={tradeStyles.num}>{`${formatMoney(contract.stake)} USDT`}</td>
      <td className={tradeStyles.num} data-testid="seconds-open-price">
        {price(contract, contract.openPrice)}
      </td>
      <td className={tradeStyles.num}>{price(contract, current)}</td>
      <td className={tradeStyles.num}>
        <span className={styles.countdown} role="timer" aria-label={t('secondsTimeLeft')} data-testid="seconds-countdown" data-remaining={Math.max(0, Math.ceil(remaining / 1000))}>
          {remaining > 0 ? formatCountdown(remaining) : t('secondsSettling')}
        </span>
      </td>
      <td>
        {standing ? (
          <span className={tradeStyles[standing === 'win' ? 'up' : standing === 'loss' ? 'down' : 'flat']} data-testid="seconds-standing" data-standing={standing}>
            {t(STANDING_KEYS[standing])}
          </span>
        ) : (
          '—'
        )}
      </td>
    </tr>
  );
}

/** Settled contracts: when, both prices, the result, what each paid and the net. */
export function SecondsHistoryTable({ rows }: { rows: SecondsContract[] }) {
  const { t } = useT();
  const durationText = useDurationText();
  const columns: Array<Column<SecondsContract>> = [
    { key: 'time', header: 'colTime', cell: (c) => formatRecordTime(c.openedAt) },
    { key: 'symbol', header: 'colSymbol', cell: (c) => <SymbolLink contract={c} /> },
    { key: 'direction', header: 'secondsDirection', cell: (c) => <DirectionBadge direction={c.direction} /> },
    { key: 'duration', header: 'secondsDuration', cell: (c) => durationText(c.duration) },
    { key: 'stake', header: 'secondsStake', numeric: true, cell: (c) => `${formatMoney(c.stake)} USDT` },
    { key: 'open', header: 'secondsOpenPrice', numeric: true, cell: (c) => price(c, c.openPrice) },
    { key: 'close', header: 'secondsClosePrice', numeric: true, cell: (c) => price(c, c.closePrice) },
    { key: 'result', header: 'secondsResult', cell: (c) => <EndBadge contract={c} /> },
    { key: 'payout', header: 'secondsPayout', numeric: true, cell: (c) => `${c.payout ? formatMoney(c.payout) : '—'} USDT` },
    {
      key: 'net',
      header: 'secondsNet',
      numeric: true,
      cell: (c) => <span className={tradeStyles[trendOf(c.pnl ?? '0')]} data-testid="seconds-net">{`${formatSignedMoney(c.pnl ?? '0')} USDT`}</span>,
    },
  ];
  return <ColumnTable caption={t('tabHistory')} columns={columns} rows={rows} rowKey={(c) => c.id} rowProps={(c) => ({ 'data-testid': 'seconds-history-row', 'data-id': c.id })} />;
}
