import { market } from '@meridian/contracts';
import type { Bar, KlineInterval, MarketQuote } from '../../api/market';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, installSocketHub, lastCurrencyObjectAtom, lastForexObjectAtom, tokenAtom, type DepthLevel } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { charts, registered, resetFakeCharts } from '../../testing/fake-echarts';
import { barOpen as bucketOpen, KLINE_INTERVAL_MS as INTERVAL_MS } from '@meridian/contracts';
import { KLINE_LIMIT } from './KlinePanel';

const en = translations.en;

function quote(symbol: string, fields: Partial<MarketQuote>): MarketQuote {
  return {
    symbol,
    name: symbol,
    category: 'CRYPTO',
    unit: 'USDT',
    price: '1',
    bid: '1',
    ask: '1',
    open: '1',
    high: '1',
    low: '1',
    change: '0',
    changePercent: '0.00',
    volume: '1000',
    time: 1_000,
    isIco: 0,
    priceDecimals: 2,
    amountDecimals: 4,
    marketOpen: true,
    ...fields,
  };
}

const QUOTES: Record<string, MarketQuote> = {
  BTCUSDT: quote('BTCUSDT', { name: 'Bitcoin', price: '64250.5', open: '63000', high: '65000', low: '62500.125', changePercent: '1.98', volume: '1234567', amountDecimals: 5 }),
  ETHUSDT: quote('ETHUSDT', { name: 'Ethereum', price: '3100', open: '3000', high: '3150', low: '2990', changePercent: '3.33', volume: '45000', amountDecimals: 3 }),
  EURUSD: quote('EURUSD', { name: 'EUR/USD', category: 'FOREX', unit: 'USD', price: '1.08', priceDecimals: 10 }),
};

/** Three bars ending in the bucket that is forming now; closes go base, base+1, base+2. */
function history(symbol: string, interval: KlineInterval): Bar[] {
  const base = Number(QUOTES[symbol]!.price) - 2;
  const last = bucketOpen(interval, Date.now());
  return [2, 1, 0].map((back, i) => {
    const close = (base + i).toFixed(2);
    return { openTime: last - back * INTERVAL_MS[interval], open: (base + i - 0.5).toFixed(2), high: (base + i + 1).toFixed(2), low: (base + i - 1).toFixed(2), close, volume: `${10 + i}.5` };
  });
}

interface Call {
  url: string;
  params: Record<string, unknown> | undefined;
}
let calls: Call[];
let failKlines: boolean;
let favorites: Set<string>;
let hub: ManualSocketHub;
let uninstall: () => void;
const defaultAdapter = http.defaults.adapter;
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const params = config.params as Record<string, unknown> | undefined;
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : {};
  calls.push({ url, params });
  let body;
  if (url === market.price.path) body = params?.symbol ? ok(QUOTES[String(params.symbol)]) : ok(Object.values(QUOTES));
  else if (url === market.klines.path)
    body = failKlines ? { code: 500, msg: 'boom', data: null } : ok({ symbol: params?.symbol, interval: params?.interval, bars: history(String(params?.symbol), params?.interval as KlineInterval) });
  else if (url === market.favorites.path) body = ok(Object.values(QUOTES).filter((item) => favorites.has(item.symbol)));
  else if (url === market.addFavorite.path || url === market.removeFavorite.path) {
    const on = url === market.addFavorite.path;
    if (on) favorites.add(String(data.symbol));
    else favorites.delete(String(data.symbol));
    body = ok({ symbol: data.symbol, favorite: on });
  } else body = { code: 404, msg: `no mock for ${url}`, data: null };
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  failKlines = false;
  favorites = new Set();
  http.defaults.adapter = adapter;
  localStorage.clear();
  resetFakeCharts();
  hub = createManualSocketHub();
  uninstall = installSocketHub(hub);
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
});

function renderAt(url: string, { store = createStore(), loggedIn = false } = {}) {
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const klineCalls = () => calls.filter((call) => call.url === market.klines.path).map((call) => call.params);
/** The data of the last setOption that carried series, by series id. */
function drawnSeries(): Record<string, unknown[]> {
  const chart = charts[charts.length - 1]!;
  const option = [...chart.options].reverse().find((item) => Array.isArray(item.series))!;
  return Object.fromEntries((option.series as Array<{ id: string; data: unknown[] }>).map((series) => [series.id, series.data]));
}
const lastCandle = () => drawnSeries().candles!.at(-1);

describe('/pages/trade-chart/index', () => {
  it('draws the server’s history with volume and MA, and a live quote moves the last candle', async () => {
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    expect(await screen.findByTestId('kline-chart')).toBeInTheDocument();
    expect(klineCalls()).toEqual([{ symbol: 'BTCUSDT', interval: '15m', limit: KLINE_LIMIT }]);
    expect(registered).toEqual(expect.arrayContaining([expect.objectContaining({ part: 'CandlestickChart' }), expect.objectContaining({ part: 'CanvasRenderer' })]));
    expect(screen.getByRole('img', { name: 'Candlestick chart of BTCUSDT' })).toBeInTheDocument();

    // bars 64247.5/64249.5/64248.5 around closes 64248.50, 64249.50, 64250.50; ECharts order is open, close, low, high
    await waitFor(() => expect(lastCandle()).toEqual([64250, 64250.5, 64249.5, 64251.5]));
    expect(Object.keys(drawnSeries())).toEqual(['candles', 'volume', 'ma5', 'ma10', 'ma30']);
    expect(drawnSeries().volume).toHaveLength(3);
    expect(screen.getByTestId('ohlc-close')).toHaveTextContent(/^64,250\.50$/);
    expect(screen.getByTestId('chart-last')).toHaveTextContent(/^64,250\.50$/);
    expect(screen.getByTestId('stat-high')).toHaveTextContent('65,000.00');
    expect(screen.getByTestId('stat-low')).toHaveTextContent('62,500.13');
    expect(screen.getByTestId('stat-volume')).toHaveTextContent('1.23M');

    const lastOpen = bucketOpen('15m', Date.now());
    act(() => hub.emitQuotes([{ ...QUOTES.BTCUSDT!, price: '64260.25', changePercent: '2.00', time: lastOpen + 1_000 }]));
    await waitFor(() => expect(lastCandle()).toEqual([64250, 64260.25, 64249.5, 64260.25]));
    expect(screen.getByTestId('ohlc-close')).toHaveTextContent(/^64,260\.25$/);
    expect(screen.getByTestId('chart-last')).toHaveTextContent(/^64,260\.25$/);
    expect(screen.getByTestId('chart-change')).toHaveTextContent('+2.00%');
    act(() => hub.emitQuotes([{ ...QUOTES.BTCUSDT!, price: '64255', time: lastOpen + 2_000 }]));
    await waitFor(() => expect(lastCandle()).toEqual([64250, 64255, 64249.5, 64260.25]));
    expect(drawnSeries().candles).toHaveLength(3);
    expect(klineCalls()).toHaveLength(1);
  });

  it('a quote of the next interval opens a new bar, then takes the server’s bars again', async () => {
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT&interval=1m');
    await screen.findByTestId('kline-chart');
    const next = bucketOpen('1m', Date.now()) + 60_000;
    act(() => hub.emitQuotes([{ ...QUOTES.BTCUSDT!, price: '64300', time: next + 5 }]));
    await waitFor(() => expect(klineCalls()).toHaveLength(2));
    expect(klineCalls()[1]).toEqual({ symbol: 'BTCUSDT', interval: '1m', limit: KLINE_LIMIT });
  });

  it('the crosshair shows the OHLC of the bar under it', async () => {
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    await screen.findByTestId('kline-chart');
    await waitFor(() => expect(charts).toHaveLength(1));
    act(() => charts[0]!.emit('updateAxisPointer', { axesInfo: [{ axisDim: 'x', value: 0 }] }));
    const readout = screen.getByTestId('ohlc-readout');
    expect(within(readout).getByTestId('ohlc-close')).toHaveTextContent(/^64,248\.50$/);
    expect(readout).toHaveTextContent('Open 64,248.00');
    expect(readout).toHaveTextContent('High 64,249.50');
    expect(readout).toHaveTextContent('Low 64,247.50');
    expect(readout).toHaveTextContent('Vol 10.5');
    act(() => charts[0]!.emit('globalout'));
    expect(within(readout).getByTestId('ohlc-close')).toHaveTextContent(/^64,250\.50$/);
    expect(charts[0]!.actions).toEqual([{ type: 'hideTip' }]);
    act(() => charts[0]!.emit('updateAxisPointer', { axesInfo: [{ axisDim: 'x', value: 1 }] }));
    expect(within(readout).getByTestId('ohlc-close')).toHaveTextContent(/^64,249\.50$/);
    fireEvent.mouseLeave(screen.getByTestId('kline-chart'));
    expect(within(readout).getByTestId('ohlc-close')).toHaveTextContent(/^64,250\.50$/);
  });

  it('a theme switch repaints the chart in the new colours and keeps the zoom', async () => {
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    await screen.findByTestId('kline-chart');
    await waitFor(() => expect(charts[0]?.options.length).toBe(2));
    expect(charts[0]!.options[0]).toHaveProperty('dataZoom');
    // (jsdom does not inherit custom properties: the dark value is set on the chart's own element)
    screen.getByTestId('kline-chart').style.setProperty('--mer-up', '#23c48e');
    document.documentElement.dataset.theme = 'dark';
    await waitFor(() => expect(charts[0]!.options).toHaveLength(4));
    const [frame, data] = charts[0]!.options.slice(2) as [Record<string, unknown>, { series: Array<{ id: string; itemStyle?: { color?: string } }> }];
    expect(frame).not.toHaveProperty('dataZoom');
    expect(data.series.find((series) => series.id === 'candles')?.itemStyle?.color).toBe('#23c48e');
    delete document.documentElement.dataset.theme;
  });

  it('switching the interval loads that interval’s history; the overlays toggle', async () => {
    const user = userEvent.setup();
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    await screen.findByTestId('kline-chart');
    expect(screen.getByTestId('interval-15m')).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: en.interval1h }));
    await waitFor(() => expect(klineCalls().map((params) => params?.interval)).toEqual(['15m', '1h']));
    expect(new URLSearchParams(window.location.search).get('interval')).toBe('1h');
    expect(screen.getByTestId('interval-1h')).toHaveAttribute('aria-pressed', 'true');
    await screen.findByTestId('kline-chart');
    await waitFor(() => expect(charts.at(-1)!.options.length).toBeGreaterThan(1));
    expect(screen.getByTestId('ohlc-time')).toHaveTextContent(/^\d{4}-\d{2}-\d{2} \d{2}:00 \(UTC\)$/);

    await user.click(screen.getByTestId('toggle-boll'));
    await waitFor(() => expect(Object.keys(drawnSeries())).toEqual(['candles', 'volume', 'ma5', 'ma10', 'ma30', 'boll-upper', 'boll-middle', 'boll-lower']));
    await user.click(screen.getByTestId('toggle-ma'));
    await waitFor(() => expect(Object.keys(drawnSeries())).toEqual(['candles', 'volume', 'boll-upper', 'boll-middle', 'boll-lower']));
    expect(screen.getByTestId('toggle-ma')).toHaveAttribute('aria-pressed', 'false');
  });

  it('shows the error state when the history cannot load, and retry loads it', async () => {
    const user = userEvent.setup();
    failKlines = true;
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    expect(await screen.findByText(en.chartFailed)).toBeInTheDocument();
    failKlines = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('kline-chart')).toBeInTheDocument();
  });

  it('the depth panel lists ten levels a side and follows a symbol change', async () => {
    const user = userEvent.setup();
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT');
    await waitFor(() => expect(hub.listenerCount('depth:BTCUSDT')).toBe(1));
    const levels = (from: number, step: number): DepthLevel[] => Array.from({ length: 12 }, (_, i) => [String(from + i * step), `0.${i + 1}`]);
    act(() => hub.emitDepth({ symbol: 'BTCUSDT', bids: levels(64250, -0.5), asks: levels(64251, 0.5), raw: {} }));
    const bids = await screen.findAllByTestId('depth-bid');
    expect(bids).toHaveLength(10);
    expect(screen.getAllByTestId('depth-ask')).toHaveLength(10);
    expect(within(bids[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['64,250.00', '0.10000']);
    expect(within(screen.getAllByTestId('depth-ask')[9]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['64,255.50', '0.10000']);
    expect(screen.getByTestId('depth-panel')).toHaveAttribute('data-symbol', 'BTCUSDT');

    await user.click(screen.getByRole('button', { name: 'Change market (now BTCUSDT)' }));
    const picker = await screen.findByTestId('symbol-picker');
    await user.type(within(picker).getByRole('searchbox'), 'ether');
    await user.click(await within(picker).findByTestId('pick-ETHUSDT'));
    expect(new URLSearchParams(window.location.search).get('symbol')).toBe('ETHUSDT');
    await waitFor(() => expect(hub.listenerCount('depth:ETHUSDT')).toBe(1));
    expect(hub.listenerCount('depth:BTCUSDT')).toBe(0);
    expect(screen.queryAllByTestId('depth-bid')).toHaveLength(0);
    act(() => hub.emitDepth({ symbol: 'ETHUSDT', bids: [['3099.5', '2.5']], asks: [['3100.5', '1.25']], raw: {} }));
    await waitFor(() => expect(screen.getByTestId('depth-panel')).toHaveAttribute('data-symbol', 'ETHUSDT'));
    expect(within(screen.getByTestId('depth-bid')).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['3,099.50', '2.500']);
    expect(klineCalls().map((params) => params?.symbol)).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it('without a symbol it opens the market viewed last, and remembers the one it shows (forex apart)', async () => {
    const store = createStore();
    store.set(lastCurrencyObjectAtom, { symbol: 'ETHUSDT', isIco: 0 });
    const view = renderAt('/pages/trade-chart/index', { store });
    expect(await screen.findByRole('button', { name: 'Change market (now ETHUSDT)' })).toBeInTheDocument();
    await waitFor(() => expect(klineCalls()[0]?.symbol).toBe('ETHUSDT'));
    view.unmount();

    const second = renderAt('/pages/trade-chart/index?symbol=btcusdt', { store });
    await waitFor(() => expect(store.get(lastCurrencyObjectAtom)).toEqual({ symbol: 'BTCUSDT', isIco: 0 }));
    expect(JSON.parse(localStorage.getItem('last_currency_object')!)).toEqual({ symbol: 'BTCUSDT', isIco: 0 });
    second.unmount();

    renderAt('/pages/trade-chart/index?symbol=EURUSD', { store });
    await waitFor(() => expect(store.get(lastForexObjectAtom)).toEqual({ symbol: 'EURUSD' }));
    expect(store.get(lastCurrencyObjectAtom)).toEqual({ symbol: 'BTCUSDT', isIco: 0 });
  });

  it('the star adds the market to a logged-in user’s favourites', async () => {
    const user = userEvent.setup();
    renderAt('/pages/trade-chart/index?symbol=BTCUSDT', { loggedIn: true });
    const star = await screen.findByTestId('chart-favorite');
    await waitFor(() => expect(calls.some((call) => call.url === market.favorites.path)).toBe(true));
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(favorites.has('BTCUSDT')).toBe(true));
    expect(screen.getByTestId('chart-favorite')).toHaveAccessibleName('Remove BTCUSDT from favourites');
  });
});
