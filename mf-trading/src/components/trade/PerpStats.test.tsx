import { market, perpetual, trading, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import { ok, page, QUOTE, renderTradeApp, recordServer, TERMS } from '../../testing/trade-fixtures';
import { formatCountdown, formatFundingRate, fundingInputs, indexPrice, nextFundingTime } from './PerpStats';

jest.setTimeout(30_000);

const en = translations.en;
const HOUR = 3_600_000;

let quoteMissing = false;
let withFormula = false;
beforeEach(() => {
  quoteMissing = false;
  withFormula = false;
});
const NEXT = { fundingTime: '2026-01-01T08:00:00.000Z', rate: '0.000167', premium: '0.000666999666999667', markPrice: '50050', indexPrice: '50016.67', samples: 3, interestRate: '0.0001', clamp: '0.0005', cap: '0.0075' };

recordServer(({ url }) => {
  if (url === market.price.path) return quoteMissing ? undefined : ok(QUOTE);
  if (url === perpetual.market.path) {
    if (quoteMissing) return undefined;
    return ok({ symbol: 'BTCUSDT', openInterest: '12.3456', insuranceFund: '250000.5', ...(withFormula ? { funding: { formula: 'F = …', next: NEXT, last: null } } : {}) });
  }
  if (url === trading.config.path) return ok({ instruments: [{ ...TERMS, fundingRate: '-0.000125' }], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  if (url === perpetual.openList.path || url === perpetual.limitList.path || url === trading.spotList.path || url === trading.spotHoldings.path) return ok([]);
  if (url === perpetual.closeList.path || url === trading.spotHistory.path) return page([]);
  return undefined;
});

describe('the perpetual header (mark, index, funding with its countdown, 24 h high/low/volume)', () => {
  it('shows every figure on the perpetual tab, the countdown to the next whole funding interval', async () => {
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const stats = await screen.findByTestId('perp-stats');
    for (const label of [en.perpMarkPrice, en.perpIndexPrice, en.perpFundingRate, en.perpNextFunding, en.perpHigh24h, en.perpLow24h, en.perpVolume24h, en.perpOpenInterest, en.perpInsuranceFund])
      expect(within(stats).getByText(label)).toBeInTheDocument();
    await waitFor(() => expect(within(stats).getByTestId('perp-mark')).toHaveTextContent('64,020.00'));
    // the middle of bid 63,990 and ask 64,000
    expect(within(stats).getByTestId('perp-index')).toHaveTextContent('63,995.00');
    expect(within(stats).getByTestId('perp-high')).toHaveTextContent('65,000.00');
    expect(within(stats).getByTestId('perp-low')).toHaveTextContent('62,500.00');
    expect(within(stats).getByTestId('perp-volume')).toHaveTextContent('1.23k');
    // the public open interest with the insurance fund beside it (contract/market)
    await waitFor(() => expect(within(stats).getByTestId('perp-open-interest')).toHaveTextContent('12.3456'));
    expect(within(stats).getByTestId('perp-insurance')).toHaveTextContent('250,000.50 USDT');
    await waitFor(() => expect(within(stats).getByTestId('perp-funding')).toHaveTextContent('-0.0125%'));
    const countdown = within(stats).getByTestId('perp-countdown');
    expect(countdown).toHaveAttribute('role', 'timer');
    expect(countdown.textContent).toMatch(/^0[0-7]:[0-5]\d:[0-5]\d$/);
    const next = Date.parse(countdown.getAttribute('data-next') ?? '');
    expect(next % (8 * HOUR)).toBe(0);
    expect(next - Date.now()).toBeGreaterThan(0);
    expect(next - Date.now()).toBeLessThanOrEqual(8 * HOUR);
  });

  it('a symbol funded by the published formula shows the estimate of contract/market, its inputs on hover, not the configured rate', async () => {
    withFormula = true;
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const stats = await screen.findByTestId('perp-stats');
    await waitFor(() => expect(within(stats).getByTestId('perp-funding')).toHaveTextContent('0.0167%'));
    expect(within(stats).getByTestId('perp-funding')).toHaveAttribute('title', 'P 0.0667% · I 0.0100% · c 0.0500% · cap ±0.7500% · n 3');
    expect(fundingInputs(NEXT)).toBe('P 0.0667% · I 0.0100% · c 0.0500% · cap ±0.7500% · n 3');
  });

  it('holds every cell with a dash while the quote is not there (the quote then fills them in place)', async () => {
    quoteMissing = true;
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const stats = await screen.findByTestId('perp-stats');
    const values = [...stats.querySelectorAll('dd')];
    expect(values).toHaveLength(9);
    for (const id of ['mark', 'index', 'high', 'low', 'volume', 'open-interest', 'insurance']) expect(within(stats).getByTestId(`perp-${id}`)).toHaveTextContent('—');
  });

  it('is not shown on the spot tab', async () => {
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    await screen.findByTestId('symbol-bar');
    expect(screen.queryByTestId('perp-stats')).not.toBeInTheDocument();
  });
});

describe('perpetual header arithmetic', () => {
  it('next funding: the next whole multiple of the interval since the epoch (UTC), never now itself', () => {
    const eight = Date.UTC(2026, 10, 28, 8);
    expect(nextFundingTime(eight - 1, 8)).toBe(eight);
    expect(nextFundingTime(eight, 8)).toBe(eight + 8 * HOUR);
    expect(nextFundingTime(Date.UTC(2026, 10, 28, 23, 30), 24)).toBe(Date.UTC(2026, 10, 29));
  });

  it('countdown as HH:MM:SS, rounded up to the second; funding rate in % with four decimals; index the mid', () => {
    expect(formatCountdown(8 * HOUR)).toBe('08:00:00');
    expect(formatCountdown(61_001)).toBe('00:01:02');
    expect(formatCountdown(-5)).toBe('00:00:00');
    expect(formatFundingRate('0.0001')).toBe('0.0100%');
    expect(formatFundingRate('-0.000125')).toBe('-0.0125%');
    expect(indexPrice({ bid: '0.00001', ask: '0.00003' })).toBe('0.00002');
    expect(indexPrice({ bid: '0', ask: '1' })).toBeNull();
  });
});
