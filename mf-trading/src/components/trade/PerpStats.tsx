import { perpetual } from '@meridian/contracts';
import { formatMoney, instrumentPriceDecimals, multiplyExact, toFixedExact, useApiQuery, type DecimalInput, formatQuoteAmount, formatQuotePrice } from '@meridian/shared';
import type { MarketQuote } from '../../api/market';
import type { InstrumentTerms } from '../../api/trading';
import { formatVolume } from '../market/quotes';
import { useServerNow } from '../seconds/serverClock';
import { useT, type Key } from '../../i18n';
import styles from './perpStats.module.css';

const HOUR = 3_600_000;

/**
 * The next funding time after `now`: the server pays funding at whole multiples of the instrument's interval since
 * the epoch (UTC: 00:00, 08:00, 16:00 for 8 h), the schedule server/src/modules/perpetual `fund` runs on.
 */
export function nextFundingTime(now: number, intervalHours: number): number {
  const interval = intervalHours * HOUR;
  return (Math.floor(now / interval) + 1) * interval;
}

/** A countdown as HH:MM:SS (hours may pass 24 for intervals longer than a day). */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(total / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
}

/** A funding rate (a fraction: "0.0001") in % with four decimals, as the venues show it ("0.0100%"). */
export function formatFundingRate(rate: unknown): string {
  try {
    return `${toFixedExact(multiplyExact(rate as DecimalInput, 100), 4, 'halfUp')}%`;
  } catch {
    return '—';
  }
}

/**
 * The index: the middle of the feed's bid and ask (what the perpetual engine names the index price), null without
 * both. Computed in binary floating point: it is only displayed, at the instrument's decimals (15 significant digits
 * hold any catalogue price with one more decimal than it quotes).
 */
export function indexPrice(quote: Pick<MarketQuote, 'bid' | 'ask'>): string | null {
  const bid = Number(quote.bid);
  const ask = Number(quote.ask);
  if (!(bid > 0) || !(ask > 0) || !Number.isFinite(bid + ask)) return null;
  return String((bid + ask) / 2);
}

/** The formula's inputs, symbols only (no words to translate): "P 0.0667% · I 0.0100% · c 0.0500% · cap ±0.7500% · n 3". */
export function fundingInputs(f: { premium: string; interestRate: string; clamp: string; cap: string; samples: number }): string {
  return `P ${formatFundingRate(f.premium)} · I ${formatFundingRate(f.interestRate)} · c ${formatFundingRate(f.clamp)} · cap ±${formatFundingRate(f.cap)} · n ${f.samples}`;
}

/** How often the public open interest and insurance fund are read again (they move with positions, not ticks). */
const MARKET_REFRESH_MS = 30_000;

/**
 * The perpetual tab's market header, under the symbol bar: mark and index price, the funding rate with the
 * countdown to the next payment, the 24 h high, low and volume, and the open interest with the insurance fund
 * beside it (public: what stands behind a bankrupt position before auto-deleveraging). Every cell is there from the first paint with
 * a dash in place of its value, each value on one line of a fixed height, so nothing moves when the quote and
 * the terms arrive; the cells wrap into more rows on a narrow phone (and their labels onto two lines in long
 * languages) instead of clipping.
 */
export function PerpStats({ quote, terms }: { quote: MarketQuote | null | undefined; terms: InstrumentTerms | null }) {
  const { t } = useT();
  const now = useServerNow(0);
  const decimals = terms?.priceDecimals ?? (quote ? instrumentPriceDecimals(quote) : null);
  const price = (value: unknown) => (quote ? formatQuotePrice(value, decimals) : '—');
  const index = quote ? indexPrice(quote) : null;
  const next = terms ? nextFundingTime(now, terms.fundingIntervalHours) : null;
  const symbol = terms?.symbol ?? quote?.symbol ?? '';
  const market = useApiQuery(perpetual.market, { symbol }, { enabled: symbol !== '', refetchInterval: MARKET_REFRESH_MS }).data;
  const cells: Array<[id: string, label: Key, value: string, extra?: Record<string, string>]> = [
    ['mark', 'perpMarkPrice', price(quote?.price)],
    ['index', 'perpIndexPrice', index === null ? '—' : price(index)],
    // the published formula's estimate for the coming time when the symbol has one (contract/market), with its
    // inputs in mathematical notation on hover; else the configured rate of the terms
    market?.funding
      ? ['funding', 'perpFundingRate', formatFundingRate(market.funding.next.rate), { title: fundingInputs(market.funding.next), 'data-premium': market.funding.next.premium }]
      : ['funding', 'perpFundingRate', terms ? formatFundingRate(terms.fundingRate) : '—'],
    ['countdown', 'perpNextFunding', next === null ? '—' : formatCountdown(next - now), next === null ? {} : { 'data-next': new Date(next).toISOString() }],
    ['high', 'perpHigh24h', price(quote?.high)],
    ['low', 'perpLow24h', price(quote?.low)],
    ['volume', 'perpVolume24h', quote ? formatVolume(quote.volume) : '—'],
    ['open-interest', 'perpOpenInterest', market ? formatQuoteAmount(market.openInterest, terms?.amountDecimals ?? null) : '—'],
    ['insurance', 'perpInsuranceFund', market ? `${formatMoney(market.insuranceFund)} USDT` : '—'],
  ];
  return (
    <dl className={styles.stats} aria-label={t('perpStatsLabel')} data-testid="perp-stats">
      {cells.map(([id, label, value, extra]) => (
        <div key={id} className={styles.cell}>
          <dt className={styles.label}>{t(label)}</dt>
          <dd className={styles.value} data-testid={`perp-${id}`} {...(id === 'countdown' ? { role: 'timer' } : {})} {...extra}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
