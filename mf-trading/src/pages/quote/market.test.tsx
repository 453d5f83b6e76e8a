import { market } from '@meridian/contracts';
import type { Category, MarketQuote } from '../../api/market';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, installSocketHub, toastsAtom, tokenAtom, formatQuotePrice } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { RECENT_SEARCHES_KEY } from '../../components/market/recent';

// a pass-through spy: every row render formats its price once (compact layout)
jest.mock('@meridian/shared', () => {
  const actual = jest.requireActual<typeof import('@meridian/shared')>('@meridian/shared');
  return { ...actual, formatQuotePrice: jest.fn(actual.formatQuotePrice) };
});

const en = translations.en;

function quote(symbol: string, fields: Partial<MarketQuote> = {}): MarketQuote {
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

const BTC = quote('BTCUSDT', { name: 'Bitcoin', price: '64250.5', high: '65000', low: '63000.125', changePercent: '1.25', volume: '1234567', priceDecimals: 2 });
const DOGE = quote('DOGEUSDT', { name: 'Dogecoin', price: '0.1234', high: '0.13', low: '0.12', changePercent: '-3.40', volume: '98765432', priceDecimals: 5 });
const ETH = quote('ETHUSDT', { name: 'Ethereum', price: '3100', changePercent: '0.50', priceDecimals: 2 });
// the server's catalogue gives non-crypto instruments its default 10 decimals: the screens decide by tick size
const EURUSD = quote('EURUSD', { name: 'Euro / US Dollar', category: 'FOREX', unit: 'USD', price: '1.08', changePercent: '0.10', priceDecimals: 10, marketOpen: false });
const AAPL = quote('AAPL:NASDAQ', { name: 'Apple Inc.', category: 'STOCK', unit: 'USD', price: '190.1000000000', changePercent: '2.00', priceDecimals: 10 });

const BY_TYPE: Record<Category, MarketQuote[]> = { CRYPTO: [BTC, DOGE, ETH], FOREX: [EURUSD], CFD: [], INDIES: [], STOCK: [AAPL] };

interface Call {
  url: string;
  method: string;
  params: Record<string, unknown> | undefined;
  data: Record<string, unknown> | undefined;
}
type Body = { code: number; msg: string; data: unknown };
const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });

let calls: Call[];
let favorites: Set<string>;
let failFavoriteWrites: boolean;
let failByType: boolean;
/** While set, a favourite write waits for it (to see the optimistic state before the answer). */
let favoriteGate: Promise<void> | null;
let hub: ManualSocketHub;
let uninstall: () => void;
const defaultAdapter = http.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  const params = config.params as Record<string, unknown> | undefined;
  calls.push({ url, method: (config.method ?? 'get').toUpperCase(), params, data });
  const all = Object.values(BY_TYPE).flat();
  let body: Body;
  if (url === market.byType.path) body = failByType ? { code: 500, msg: 'boom', data: null } : ok(BY_TYPE[params?.type as Category] ?? []);
  else if (url === market.price.path) body = ok(params?.symbol ? all.find((item) => item.symbol === params.symbol) : all);
  else if (url === market.favorites.path) body = ok(all.filter((item) => favorites.has(item.symbol)));
  else if (url === market.addFavorite.path || url === market.removeFavorite.path) {
    const symbol = String(data?.symbol);
    const on = url === market.addFavorite.path;
    if (favoriteGate) await favoriteGate;
    if (failFavoriteWrites) body = { code: 500, msg: 'Favourites are down', data: null };
    else {
      if (on) favorites.add(symbol);
      else favorites.delete(symbol);
      body = ok({ symbol, favorite: on });
    }
  } else body = { code: 404, msg: `no mock for ${url}`, data: null };
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  favorites = new Set(['ETHUSDT']);
  failFavoriteWrites = false;
  failByType = false;
  favoriteGate = null;
  http.defaults.adapter = adapter;
  localStorage.clear();
  hub = createManualSocketHub();
  uninstall = installSocketHub(hub);
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
});

function renderAt(url: string, { loggedIn = false }: { loggedIn?: boolean } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  const view = renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
  return { ...view, store };
}

const row = (symbol: string) => screen.getByTestId(`quote-row-${symbol}`);
const price = (symbol: string) => screen.getByTestId(`quote-price-${symbol}`);
const rowSymbols = () => screen.getAllByTestId(/^quote-row-/).map((element) => element.getAttribute('data-testid')!.replace('quote-row-', ''));
const callsTo = (url: string) => calls.filter((call) => call.url === url);

describe('/pages/quote/index', () => {
  it('lists the category from REST with each instrument’s decimals and coloured change', async () => {
    renderAt('/pages/quote/index');
    expect(await screen.findByTestId('quote-row-BTCUSDT')).toBeInTheDocument();
    expect(price('BTCUSDT')).toHaveTextContent(/^64,250\.50$/);
    expect(price('DOGEUSDT')).toHaveTextContent(/^0\.12340$/);
    expect(within(row('BTCUSDT')).getByText('Bitcoin')).toBeInTheDocument();
    expect(screen.getByTestId('quote-change-BTCUSDT')).toHaveTextContent('+1.25%');
    expect(screen.getByTestId('quote-change-BTCUSDT')).toHaveAttribute('data-direction', 'up');
    expect(screen.getByTestId('quote-change-DOGEUSDT')).toHaveTextContent('−3.40%');
    expect(screen.getByTestId('quote-change-DOGEUSDT')).toHaveClass('down');
    expect(callsTo(market.byType.path).map((call) => call.params?.type)).toEqual(['CRYPTO']);
    expect(screen.getByRole('tab', { name: en.tabCrypto })).toHaveAttribute('aria-selected', 'true');
  });

  it('a live quote updates that row’s price, change colour and flash', async () => {
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-BTCUSDT');
    expect(hub.listenerCount('quotes')).toBeGreaterThan(0);
    act(() => hub.emitQuotes([{ ...BTC, price: '63000.1', changePercent: '-0.80', time: 2_000 }]));
    await waitFor(() => expect(price('BTCUSDT')).toHaveTextContent(/^63,000\.10$/));
    expect(price('BTCUSDT')).toHaveAttribute('data-flash', 'down');
    expect(screen.getByTestId('quote-change-BTCUSDT')).toHaveTextContent('−0.80%');
    expect(screen.getByTestId('quote-change-BTCUSDT')).toHaveClass('down');
    // a symbol of another category is not added to this list, and the other rows keep their prices
    act(() => hub.emitQuotes([{ ...AAPL, price: '200', time: 2_000 }]));
    expect(screen.queryByTestId('quote-row-AAPL:NASDAQ')).not.toBeInTheDocument();
    expect(price('DOGEUSDT')).toHaveTextContent(/^0\.12340$/);
    expect(price('DOGEUSDT')).not.toHaveAttribute('data-flash');
  });

  it('a live quote renders only its own row (rows are memoised)', async () => {
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-DOGEUSDT');
    const formatted = jest.mocked(formatQuotePrice);
    formatted.mockClear();
    act(() => hub.emitQuotes([{ ...BTC, price: '64300', time: 2_000 }]));
    await waitFor(() => expect(price('BTCUSDT')).toHaveTextContent(/^64,300\.00$/));
    expect(formatted).toHaveBeenCalled();
    expect(formatted.mock.calls.every(([value]) => value === '64300')).toBe(true);
  });

  it('sorting by change toggles ascending and descending, with aria-sort', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-BTCUSDT');
    expect(rowSymbols()).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHUSDT']);
    const sortButton = screen.getByRole('button', { name: new RegExp(en.colChange) });
    await user.click(sortButton);
    expect(rowSymbols()).toEqual(['DOGEUSDT', 'ETHUSDT', 'BTCUSDT']);
    expect(sortButton.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    await user.click(sortButton);
    expect(rowSymbols()).toEqual(['BTCUSDT', 'ETHUSDT', 'DOGEUSDT']);
    expect(sortButton.closest('th')).toHaveAttribute('aria-sort', 'descending');
    // a live change re-sorts
    act(() => hub.emitQuotes([{ ...DOGE, changePercent: '9.00', time: 2_000 }]));
    await waitFor(() => expect(rowSymbols()).toEqual(['DOGEUSDT', 'BTCUSDT', 'ETHUSDT']));
  });

  it('switching category loads that category', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-BTCUSDT');
    await user.click(screen.getByRole('tab', { name: en.tabForex }));
    expect(await screen.findByTestId('quote-row-EURUSD')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-row-BTCUSDT')).not.toBeInTheDocument();
    expect(price('EURUSD')).toHaveTextContent(/^1\.08000$/);
    expect(screen.getByTestId('quote-closed-EURUSD')).toHaveTextContent(en.marketClosed);
    expect(callsTo(market.byType.path).map((call) => call.params?.type)).toEqual(['CRYPTO', 'FOREX']);
    await user.click(screen.getByRole('tab', { name: en.tabCfd }));
    expect(await screen.findByText(en.noMarkets)).toBeInTheDocument();
  });

  it('the favourites tab asks a visitor to log in, and visitors get no stars', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-BTCUSDT');
    expect(screen.queryByTestId('quote-fav-BTCUSDT')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: en.tabFavorites }));
    expect(screen.getByTestId('favorites-login')).toHaveTextContent(en.favoritesLoginPrompt);
    expect(callsTo(market.favorites.path)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: en.logIn }));
    expect(window.location.pathname).toBe('/pages/login/email-login');
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/pages/quote/index');
  });

  it('the favourites tab lists the user’s favourites', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index', { loggedIn: true });
    await screen.findByTestId('quote-row-BTCUSDT');
    await user.click(screen.getByRole('tab', { name: en.tabFavorites }));
    expect(await screen.findByTestId('quote-row-ETHUSDT')).toBeInTheDocument();
    expect(rowSymbols()).toEqual(['ETHUSDT']);
  });

  it('the star toggles a favourite at once, and a refusal puts it back', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/quote/index', { loggedIn: true });
    await screen.findByTestId('quote-row-BTCUSDT');
    const star = () => screen.getByTestId('quote-fav-BTCUSDT');
    await waitFor(() => expect(screen.getByTestId('quote-fav-ETHUSDT')).toHaveAttribute('aria-pressed', 'true'));
    expect(star()).toHaveAttribute('aria-pressed', 'false');
    await user.click(star());
    expect(star()).toHaveAttribute('aria-pressed', 'true');
    expect(star()).toHaveAccessibleName('Remove BTCUSDT from favourites');
    await waitFor(() => expect(favorites.has('BTCUSDT')).toBe(true));
    expect(callsTo(market.addFavorite.path)[0]?.data).toEqual({ symbol: 'BTCUSDT' });
    expect(window.location.pathname).toBe('/pages/quote/index');

    failFavoriteWrites = true;
    let open = () => {};
    favoriteGate = new Promise<void>((resolve) => (open = resolve));
    await user.click(star());
    expect(star()).toHaveAttribute('aria-pressed', 'false'); // optimistic
    await act(async () => open());
    await waitFor(() => expect(star()).toHaveAttribute('aria-pressed', 'true')); // rolled back
    expect(callsTo(market.removeFavorite.path)).toHaveLength(1);
    expect(store.get(toastsAtom).map((item) => item.text)).toContain(en.favoriteFailed);
  });

  it('tapping a row opens the chart of that symbol', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-DOGEUSDT');
    await user.click(within(row('DOGEUSDT')).getByTestId('quote-change-DOGEUSDT'));
    expect(window.location.pathname).toBe('/pages/trade-chart/index');
    expect(new URLSearchParams(window.location.search).get('symbol')).toBe('DOGEUSDT');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.tradeChartTitle));
    expect(await screen.findByTestId('chart-last')).toHaveTextContent(/^0\.12340$/);
    expect(screen.getByTestId('chart-symbol')).toHaveTextContent('DOGEUSDT');
  });

  it('a crypto row offers its trade screen beside the chart, which opens on that symbol; a forex pair the forex tab', async () => {
    const user = userEvent.setup();
    renderAt('/pages/quote/index');
    await screen.findByTestId('quote-row-DOGEUSDT');
    expect(within(row('DOGEUSDT')).getByRole('link', { name: 'DOGEUSDT' })).toHaveAttribute('href', '/pages/trade-chart/index?symbol=DOGEUSDT');
    const trade = within(row('DOGEUSDT')).getByRole('link', { name: 'Trade DOGEUSDT' });
    expect(trade).toHaveAttribute('href', '/pages/trade-margin/index?symbol=DOGEUSDT');
    await user.click(screen.getByRole('tab', { name: en.tabForex }));
    await screen.findByTestId('quote-row-EURUSD');
    // a forex pair trades in lots on the trade screen's forex tab
    expect(within(row('EURUSD')).getByRole('link', { name: 'Trade EURUSD' })).toHaveAttribute('href', '/pages/trade-margin/index?symbol=EURUSD&tab=forex');
    await user.click(screen.getByRole('tab', { name: en.tabCrypto }));
    await user.click(await screen.findByTestId('quote-trade-DOGEUSDT'));
    expect(window.location.pathname).toBe('/pages/trade-margin/index');
    expect(await screen.findByTestId('trade-symbol')).toHaveTextContent('DOGEUSDT');
    expect(await screen.findByTestId('trade-last')).toHaveTextContent('0.12340');
  });

  it('shows the error state when the list cannot load, and pull-to-refresh reloads it', async () => {
    const user = userEvent.setup();
    failByType = true;
    renderAt('/pages/quote/index');
    expect(await screen.findByText(en.loadFailed, { selector: 'p' })).toBeInTheDocument();
    failByType = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('quote-row-BTCUSDT')).toBeInTheDocument();
    const before = callsTo(market.byType.path).length;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(callsTo(market.byType.path)).toHaveLength(before + 1));
  });
});

describe('/pages/desktop/market', () => {
  it('renders the dense table with its columns', async () => {
    renderAt('/pages/desktop/market');
    await screen.findByTestId('quote-row-BTCUSDT');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(headers).toEqual([en.colSymbol, en.colName, en.colLast, en.colChange, en.colHigh, en.colLow, en.colVolume, en.tradeMarginTitle]);
    const cells = within(row('BTCUSDT')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['Bitcoin', '64,250.50', '+1.25%', '65,000.00', '63,000.13', '1.23M', en.tradeMarginTitle]);
    expect(screen.getByTestId('quote-volume-DOGEUSDT')).toHaveTextContent('98.76M');
  });

  it('the trade entry opens the desktop trade grid on that symbol', async () => {
    renderAt('/pages/desktop/market');
    await screen.findByTestId('quote-row-BTCUSDT');
    expect(screen.getByTestId('quote-trade-ETHUSDT')).toHaveAttribute('href', '/pages/desktop/trade?symbol=ETHUSDT');
  });

  it('sorts by last price and switches category', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/market');
    await screen.findByTestId('quote-row-BTCUSDT');
    await user.click(screen.getByRole('button', { name: new RegExp(en.colLast) }));
    expect(rowSymbols()).toEqual(['DOGEUSDT', 'ETHUSDT', 'BTCUSDT']);
    await user.click(screen.getByRole('tab', { name: en.tabStocks }));
    expect(await screen.findByTestId('quote-row-AAPL:NASDAQ')).toBeInTheDocument();
    expect(price('AAPL:NASDAQ')).toHaveTextContent(/^190\.10$/);
    expect(callsTo(market.byType.path).map((call) => call.params?.type)).toEqual(['CRYPTO', 'STOCK']);
  });
});

describe('/pages/search/index', () => {
  it('filters every category by symbol or name, ignoring case', async () => {
    const user = userEvent.setup();
    renderAt('/pages/search/index');
    const input = screen.getByRole('searchbox', { name: en.searchLabel });
    await waitFor(() => expect(callsTo(market.price.path)).toHaveLength(1));
    await user.type(input, 'apple');
    expect(await screen.findByTestId('quote-row-AAPL:NASDAQ')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-row-BTCUSDT')).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'Usdt');
    expect(rowSymbols().sort()).toEqual(['BTCUSDT', 'DOGEUSDT', 'ETHUSDT']);
    await user.clear(input);
    await user.type(input, 'eur/usd');
    expect(rowSymbols()).toEqual(['EURUSD']);
    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('No market matches “zzz”.')).toBeInTheDocument();
  });

  it('remembers recent searches (newest first, at most ten) and offers them again', async () => {
    const user = userEvent.setup();
    localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9', 'doge']));
    const view = renderAt('/pages/search/index');
    await waitFor(() => expect(callsTo(market.price.path)).toHaveLength(1));
    const input = screen.getByRole('searchbox', { name: en.searchLabel });
    await user.type(input, 'BTC{Enter}');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toEqual(['BTC', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6', 'q7', 'q8', 'q9']);
    await user.clear(input);
    await user.type(input, 'btc{Enter}');
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)).toHaveLength(10);
    expect(JSON.parse(localStorage.getItem(RECENT_SEARCHES_KEY)!)[0]).toBe('btc');
    view.unmount();

    renderAt('/pages/search/index');
    const recent = await screen.findByTestId('recent-searches');
    await user.click(within(recent).getByRole('button', { name: 'btc' }));
    expect(screen.getByRole('searchbox', { name: en.searchLabel })).toHaveValue('btc');
    expect(await screen.findByTestId('quote-row-BTCUSDT')).toBeInTheDocument();
  });

  it('a logged-in user can star a result', async () => {
    const user = userEvent.setup();
    renderAt('/pages/search/index', { loggedIn: true });
    await waitFor(() => expect(callsTo(market.price.path)).toHaveLength(1));
    await user.type(screen.getByRole('searchbox', { name: en.searchLabel }), 'doge');
    const star = await screen.findByTestId('quote-fav-DOGEUSDT');
    expect(star).toHaveAttribute('aria-pressed', 'false');
    await user.click(star);
    await waitFor(() => expect(favorites.has('DOGEUSDT')).toBe(true));
    expect(screen.getByTestId('quote-fav-DOGEUSDT')).toHaveAttribute('aria-pressed', 'true');
  });
});
