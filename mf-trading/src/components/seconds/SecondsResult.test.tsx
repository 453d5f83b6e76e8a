import { market, seconds, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { invalidateForPush } from '@meridian/shared';
import { translations } from '../../all-texts';
import { ok, QUOTE, recordServer, renderTradeApp, TERMS } from '../../testing/trade-fixtures';
import { charts, resetFakeCharts } from '../../testing/fake-echarts';

/*
 * The Seconds tab while a contract runs and when it ends: the live chart (phone too) with the entry line and the
 * countdown; at expiry the result sheet from the server's settled contract and the close tick it recorded (won,
 * lost, draw, refunded, or a status the screen does not know), and "Trade again" filling the form the same way.
 */

jest.setTimeout(30_000);

const en = translations.en;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const product = (id: string, secs: number, ratio: string, unit: 'sec' | 'mins', value: number) => ({
  id,
  symbol: 'BTCUSDT',
  duration: { seconds: secs, value, unit },
  payoutRatio: ratio,
  breakEvenWinRate: '0.55',
  minStake: '10',
  maxStake: '10000',
  asset: 'USDT',
  version: 1,
});
const PRODUCTS = [product('1', 30, '0.8', 'sec', 30), product('2', 60, '0.82', 'sec', 60)];

const OPENED = Date.UTC(2026, 0, 5, 12, 3, 0, 0);
// a 60-second Down contract of 100 USDT on product 2
const contract = (over: Record<string, unknown> = {}) => ({
  id: '41',
  symbol: 'BTCUSDT',
  direction: 'down',
  stake: '100',
  asset: 'USDT',
  duration: { seconds: 60, value: 60, unit: 'sec' },
  payoutRatio: '0.82',
  productId: '2',
  productVersion: 1,
  status: 'open',
  openPrice: '64012.5',
  closePrice: null,
  openedAt: new Date(OPENED).toISOString(),
  expiresAt: new Date(OPENED + 60_000).toISOString(),
  settledAt: null,
  outcome: null,
  payout: null,
  pnl: null,
  ...over,
});
const tick = (id: string, time: number, price: string) => ({ id, symbol: 'BTCUSDT', feedTime: new Date(time).toISOString(), price, bid: price, ask: price, source: 'simulated' });
const OPEN_TICK = tick('900', OPENED, '64012.5');
const CLOSE_TICK = tick('905', Date.UTC(2026, 0, 5, 12, 4, 0, 7), '63990.15');
const settled = (over: Record<string, unknown>, closeTick: ReturnType<typeof tick> | null = CLOSE_TICK) => ({
  contract: contract({ status: 'settled', settledAt: '2026-01-05T12:04:00.010Z', ...over }),
  openTick: OPEN_TICK,
  closeTick,
  openReceiptHash: 'a'.repeat(64),
  settleReceiptHash: closeTick ? 'b'.repeat(64) : null,
});
const WON = settled({ closePrice: '63990.15', outcome: 'win', payout: '182', pnl: '82' });
const BARS = [-2, -1, 0].map((i) => ({ openTime: OPENED + i * 60_000, open: '64000', high: '64100', low: '63900', close: '64010', volume: '3' }));

let openList: unknown[];
let detail: unknown;
let serverNow: number;
const server = recordServer(({ url, params }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === seconds.productList.path) return ok(PRODUCTS);
  if (url === wallet.validAsset.path) return ok({ wallet: 'option', asset: 'USDT', available: '1000' });
  if (url === seconds.getContractList.path)
    return ok({ total: openList.length, page: 1, size: 50, list: params?.status === 'history' ? [] : openList, record: { count: 0, wins: 0, losses: 0, ties: 0, staked: '0', net: '0', open: openList.length }, serverTime: serverNow });
  if (url === seconds.detail.path) return ok(detail);
  if (url === seconds.create.path) return ok(contract());
  if (url === market.klines.path) return ok({ symbol: 'BTCUSDT', interval: '1m', bars: BARS });
  return undefined;
});

beforeEach(() => {
  // the device's clock is 30 s into the contract (the server's agrees)
  serverNow = OPENED + 30_000;
  jest.spyOn(Date, 'now').mockImplementation(() => serverNow);
  openList = [contract()];
  detail = WON;
  resetFakeCharts();
  localStorage.setItem('meridian.secondsDisclosure.7', '1');
});
afterEach(() => jest.restoreAllMocks());

const creates = () => server.calls.filter((c) => c.method === 'POST' && c.url === seconds.create.path);

/** Buys the contract on the phone tab (100 USDT Down on 60 sec), then its expiry: the list no longer holds it (the settle push). */
async function runToExpiry({ buy = true } = {}) {
  const view = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=seconds');
  if (buy) {
    const form = await screen.findByTestId('seconds-form');
    await within(form).findByText('1,000.00 USDT');
    await view.user.click(within(form).getByTestId('seconds-duration-60'));
    await view.user.type(within(form).getByTestId('seconds-stake'), '100');
    await view.user.click(within(form).getByTestId('seconds-down'));
    await view.user.click(within(await screen.findByTestId('seconds-confirm')).getByTestId('seconds-confirm-buy'));
    await waitFor(() => expect(creates()).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('seconds-confirm')).not.toBeInTheDocument());
  }
  await screen.findByTestId('seconds-live-row');
  serverNow = OPENED + 61_000;
  openList = [];
  act(() => void invalidateForPush(view.queryClient, { action: 'SECOND_CONTRACT_SETTLE', mode: 'real', symbol: 'BTCUSDT', contractId: '41' }, 'real'));
  return { ...view, sheet: buy ? await screen.findByTestId('seconds-result') : null };
}

describe('the Seconds tab’s live chart', () => {
  it.each([
    ['phone', '/pages/trade-margin/index?symbol=BTCUSDT&tab=seconds'],
    ['desktop', '/pages/desktop/trade?symbol=BTCUSDT&tab=seconds'],
  ])('%s: the K-line with the open contract’s entry line, and its countdown', async (_layout, url) => {
    renderTradeApp(url);
    const row = await screen.findByTestId('seconds-live-row');
    expect(within(row).getByTestId('seconds-live-entry')).toHaveTextContent(fill(en.secondsMarkEntry, { price: '64,012.50' }));
    expect(within(row).getByTestId('seconds-live-countdown')).toHaveTextContent('00:30');
    await waitFor(() => expect(charts.some((chart) => chart.options.some((o) => Array.isArray(o.series)))).toBe(true));
    const data = charts.at(-1)!.options.filter((o) => Array.isArray(o.series)).at(-1)!;
    const candles = (data.series as Array<Record<string, unknown>>).find((s) => s.id === 'candles')!;
    expect((candles.markLine as { data: Array<{ yAxis: number; name: string }> }).data).toEqual([expect.objectContaining({ yAxis: 64012.5, name: fill(en.secondsMarkEntry, { price: '64,012.50' }) })]);
  });
});

describe('the result sheet at expiry', () => {
  it('won: the net, the close price and the recorded close tick the server returned', async () => {
    const sheet = (await runToExpiry()).sheet!;
    expect(within(sheet).getByTestId('seconds-result-headline')).toHaveTextContent(fill(en.secondsResultWon, { net: '+82.00' }));
    expect(within(sheet).getByTestId('seconds-result-tick')).toHaveTextContent(fill(en.secondsResultClosedAt, { price: '63,990.15', time: '12:04:00.007 UTC' }));
    expect(within(sheet).getByTestId('seconds-result-body')).toHaveAttribute('data-result', 'win');
    expect(server.calls.some((c) => c.url === seconds.detail.path && c.params?.id === '41')).toBe(true);
  });

  it('lost: the net loss with the recorded tick', async () => {
    detail = settled({ closePrice: '64020.25', outcome: 'loss', payout: '0', pnl: '-100' }, tick('906', Date.UTC(2026, 0, 5, 12, 4, 0, 120), '64020.25'));
    const sheet = (await runToExpiry()).sheet!;
    expect(within(sheet).getByTestId('seconds-result-headline')).toHaveTextContent(fill(en.secondsResultLost, { net: '−100.00' }));
    expect(within(sheet).getByTestId('seconds-result-tick')).toHaveTextContent(fill(en.secondsResultClosedAt, { price: '64,020.25', time: '12:04:00.120 UTC' }));
  });

  it('draw: the stake returned', async () => {
    detail = settled({ closePrice: '64012.5', outcome: 'tie', payout: '100', pnl: '0' }, tick('907', Date.UTC(2026, 0, 5, 12, 4, 0, 0), '64012.5'));
    const sheet = (await runToExpiry()).sheet!;
    expect(within(sheet).getByTestId('seconds-result-headline')).toHaveTextContent(fill(en.secondsResultDraw, { stake: '100' }));
  });

  it('refunded (the expiry fell in an outage): the stake back, no close tick, no result claimed', async () => {
    detail = settled({ status: 'refunded', outcome: null, payout: '100', pnl: '0' }, null);
    const sheet = (await runToExpiry()).sheet!;
    expect(within(sheet).getByTestId('seconds-result-headline')).toHaveTextContent(fill(en.secondsResultRefunded, { amount: '100' }));
    expect(within(sheet).getByText(en.secondsResultRefundedNote)).toBeInTheDocument();
    expect(within(sheet).queryByTestId('seconds-result-tick')).not.toBeInTheDocument();
  });

  it('a status the screen does not know is named, with the way to the contract’s details', async () => {
    detail = settled({ status: 'voided', outcome: null, payout: null, pnl: null }, null);
    const sheet = (await runToExpiry()).sheet!;
    expect(within(sheet).getByTestId('seconds-result-headline')).toHaveTextContent(fill(en.secondsResultUnknown, { status: 'voided' }));
    expect(within(sheet).getByTestId('seconds-result-details')).toHaveAttribute('href', '/pages/trade-margin/seconds-contract/detail?id=41');
  });

  it('Trade again: the same product, stake and direction, on to the confirmation sheet', async () => {
    const { sheet: shown, user } = await runToExpiry();
    const sheet = shown!;
    await user.click(within(sheet).getByTestId('seconds-trade-again'));
    await waitFor(() => expect(screen.queryByTestId('seconds-result')).not.toBeInTheDocument());
    const form = screen.getByTestId('seconds-form');
    expect(within(form).getByTestId('seconds-stake')).toHaveValue('100');
    expect(within(form).getByTestId('seconds-duration-60')).toHaveAttribute('aria-checked', 'true');
    const confirm = await screen.findByTestId('seconds-confirm');
    expect(within(confirm).getByTestId('seconds-confirm-direction')).toHaveTextContent(en.secondsDown);
    expect(within(confirm).getByTestId('seconds-confirm-stake')).toHaveTextContent('100.00 USDT');
    expect(within(confirm).getByTestId('seconds-confirm-duration')).toHaveTextContent('60 sec');
    // nothing more is bought before the user confirms
    expect(creates()).toHaveLength(1);
  });

  it('a contract not bought on this screen (before a reload, elsewhere) settles quietly into the history', async () => {
    await runToExpiry({ buy: false });
    await waitFor(() => expect(screen.queryByTestId('seconds-live-row')).not.toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('seconds-result')).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.url === seconds.detail.path)).toBe(false);
  });
});
