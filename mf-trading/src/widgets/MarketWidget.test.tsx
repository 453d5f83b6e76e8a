import { market } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, i18n, installSocketHub } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import { type MarketQuote } from '../api/market';
// the exposed module, as the shell loads it: it registers its own texts
import { MarketWidget } from '../market-widget';
import { WIDGET_MARKETS } from './MarketWidget';

const COINS = ['BTC', 'ETH', 'SOL', 'XRP', 'DOGE', 'ADA', 'DOT', 'LTC'];
// 24 h turnover (price × volume): ETH 5050, XRP 4120, DOGE 3120, DOT 2120, LTC 1070, BTC 500 | ADA 210, SOL 102
const VOLUMES = ['5', '50', '1', '40', '30', '2', '20', '10'];
const quotes: MarketQuote[] = COINS.map((coin, i) => ({
  symbol: `${coin}USDT`,
  name: coin,
  category: 'CRYPTO',
  unit: 'USDT',
  price: String(100 + i),
  bid: '0',
  ask: '0',
  open: '0',
  high: '0',
  low: '0',
  change: '0',
  changePercent: i % 2 ? '-1.50' : '2.25',
  volume: VOLUMES[i]!,
  time: 1_000,
  isIco: 0,
  priceDecimals: 2,
  amountDecimals: 4,
  marketOpen: true,
}));

let fail: boolean;
let requested: unknown[];
let hub: ManualSocketHub;
let uninstall: () => void;
const defaultAdapter = http.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requested.push(config.params);
  const body =
    config.url === market.byType.path && !fail ? { code: 0, msg: 'success', data: quotes } : { code: 500, msg: 'down', data: null };
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  fail = false;
  requested = [];
  http.defaults.adapter = adapter;
  hub = createManualSocketHub();
  uninstall = installSocketHub(hub);
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
});

// no `translations` option: the host does not register the remote's texts, the widget module does
const renderWidget = (language = 'en') => renderWithPlatform(<MarketWidget />, { url: '/pages/home/index', language });

describe('market widget (mf_trading/market-widget)', () => {
  it('lists BTC and ETH first, then the most traded crypto markets, with price and change, and follows the quote stream', async () => {
    renderWidget();
    const widget = await screen.findByTestId('market-widget');
    expect(within(widget).getByRole('heading', { name: 'Market overview' })).toBeInTheDocument();
    await within(widget).findByTestId('widget-row-BTCUSDT');
    expect(requested).toEqual([{ type: 'CRYPTO' }]);
    const rows = () => within(widget).getAllByTestId(/^widget-row-/).map((row) => row.getAttribute('data-testid')!.replace('widget-row-', ''));
    expect(rows()).toEqual(['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'DOGEUSDT', 'DOTUSDT', 'LTCUSDT']);
    expect(rows()).toHaveLength(WIDGET_MARKETS);
    expect(screen.getByTestId('widget-price-BTCUSDT')).toHaveTextContent(/^100\.00$/);
    expect(screen.getByTestId('widget-change-ETHUSDT')).toHaveTextContent('−1.50%');
    expect(screen.getByTestId('widget-change-ETHUSDT')).toHaveAttribute('data-direction', 'down');

    act(() => hub.emitQuotes([{ ...quotes[0]!, price: '101.255', changePercent: '-0.40', time: 2_000 }]));
    await waitFor(() => expect(screen.getByTestId('widget-price-BTCUSDT')).toHaveTextContent(/^101\.26$/));
    expect(screen.getByTestId('widget-change-BTCUSDT')).toHaveTextContent('−0.40%');
    // the choice and order stay while prices and volumes move
    act(() => hub.emitQuotes([{ ...quotes[2]!, volume: '1000000', time: 2_000 }]));
    expect(rows()).toEqual(['BTCUSDT', 'ETHUSDT', 'XRPUSDT', 'DOGEUSDT', 'DOTUSDT', 'LTCUSDT']);
  });

  it('needs its own few texts only, never the remote’s whole namespace (which the host’s first load skips)', async () => {
    // jest's setup put every namespace in the store: take mf_trading's out, as on the host's home
    const remoteTexts = i18n.getResourceBundle('en', 'mf_trading') as Record<string, string>;
    i18n.removeResourceBundle('en', 'mf_trading');
    try {
      fail = true;
      renderWidget();
      expect(await screen.findByRole('heading', { name: 'Market overview' })).toBeInTheDocument();
      expect(await screen.findByText('Market prices could not be loaded.', { selector: 'p' })).toBeInTheDocument();
      expect(i18n.hasResourceBundle('en', 'mf_trading')).toBe(false);
    } finally {
      i18n.addResourceBundle('en', 'mf_trading', remoteTexts);
    }
  });

  it('a tap opens that market’s chart through platform navigation', async () => {
    const user = userEvent.setup();
    renderWidget();
    await user.click(await screen.findByTestId('widget-row-DOTUSDT'));
    expect(window.location.pathname).toBe('/pages/trade-chart/index');
    expect(new URLSearchParams(window.location.search).get('symbol')).toBe('DOTUSDT');
  });

  // jsdom's window is 1024 px wide: each case sets the width it means
  const atWidth = async (width: number, check: () => Promise<void>) => {
    const before = window.innerWidth;
    window.innerWidth = width;
    try {
      await check();
    } finally {
      window.innerWidth = before;
    }
  };

  it('each row also offers the trade screen on its market', () =>
    atWidth(375, async () => {
      const user = userEvent.setup();
      renderWidget();
      const trade = await screen.findByRole('link', { name: 'Trade ETHUSDT' });
      expect(trade).toHaveAttribute('href', '/pages/trade-margin/index?symbol=ETHUSDT');
      await user.click(trade);
      expect(window.location.pathname).toBe('/pages/trade-margin/index');
      expect(new URLSearchParams(window.location.search).get('symbol')).toBe('ETHUSDT');
    }));

  it('on a desktop-wide screen the trade entry opens the desktop grid', () =>
    atWidth(1280, async () => {
      renderWidget();
      expect(await screen.findByTestId('widget-trade-BTCUSDT')).toHaveAttribute('href', '/pages/desktop/trade?symbol=BTCUSDT');
    }));

  it('speaks the user’s language', async () => {
    renderWidget('jp');
    expect(await screen.findByRole('heading', { name: 'マーケット概況' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'すべての市場' })).toHaveAttribute('href', '/pages/quote/index');
  });

  it('shows a retry when the prices cannot load', async () => {
    const user = userEvent.setup();
    fail = true;
    renderWidget();
    expect(await screen.findByText('Market prices could not be loaded.', { selector: 'p' })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('widget-row-BTCUSDT')).toBeInTheDocument();
  });
});
