import fs from 'node:fs';
import path from 'node:path';
import { market } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { COIN_ICONS_VERSION } from '@meridian/shared';
import { translations } from '../../all-texts';
import { ok, QUOTE, recordServer, renderTradeApp } from '../../testing/trade-fixtures';
import type { MarketQuote } from '../../api/market';

jest.setTimeout(30_000);

const en = translations.en;
const LONG: MarketQuote = { ...QUOTE, symbol: '1000PEPEUSDT', name: 'Pepe (1000) perpetual with a very long name', price: '0.0123456', priceDecimals: 7 };
const AAPL: MarketQuote = { ...QUOTE, symbol: 'AAPL:NASDAQ', name: 'Apple Inc.', category: 'STOCK', unit: 'USD' };
const QUOTES = [QUOTE, LONG, AAPL];

const server = recordServer(({ url, params }) => {
  if (url === market.price.path) return ok(params?.symbol ? QUOTES.find((q) => q.symbol === params.symbol) : QUOTES);
  if (url === market.favorites.path) return ok([]);
  return undefined;
});

/** The shell's layout decision (it sets <body data-layout> by its width rule). */
const setWidth = (width: number) => {
  document.body.dataset.layout = width > 1000 ? 'desktop' : 'mobile';
};
afterEach(() => {
  delete document.body.dataset.layout;
});

const CSS = fs.readFileSync(path.join(__dirname, '../../components/market/market.module.css'), 'utf8');
/** The declarations of every rule whose selector names `className` exactly (not .symbolCell for .symbol). */
const rulesFor = (className: string) =>
  [...CSS.matchAll(/([^{}]+)\{([^}]*)\}/g)].filter(([, selector]) => new RegExp(`\\.${className}(?![\\w-])`).test(selector!)).map(([, , body]) => body!);

describe('/pages/search/index at desktop width', () => {
  it('shows the dense results table, ?q= as the query, trade entries to the desktop grid and Cancel to the desktop market', async () => {
    setWidth(1280);
    renderTradeApp('/pages/search/index?q=usdt');
    expect(await screen.findByTestId('search-page')).toHaveAttribute('data-layout', 'desktop');
    expect(screen.getByRole('searchbox', { name: en.searchLabel })).toHaveValue('usdt');
    const table = await screen.findByTestId('quote-table');
    expect(table).toHaveClass('dense');
    expect(within(table).getByRole('columnheader', { name: en.colSymbol })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: new RegExp(en.colVolume) })).toBeInTheDocument();
    expect(screen.getByTestId('quote-trade-BTCUSDT')).toHaveAttribute('href', '/pages/desktop/trade?symbol=BTCUSDT');
    expect(screen.getByTestId('search-cancel')).toHaveAttribute('href', '/pages/desktop/market');
    expect(server.calls.filter((call) => call.url === market.price.path)).toHaveLength(1);
  });

  it('on a phone keeps the compact list and Cancel back to the markets tab', async () => {
    setWidth(375);
    renderTradeApp('/pages/search/index?q=btc');
    expect(await screen.findByTestId('search-page')).toHaveAttribute('data-layout', 'phone');
    expect(await screen.findByTestId('quote-table')).not.toHaveClass('dense');
    expect(screen.getByTestId('search-cancel')).toHaveAttribute('href', '/pages/quote/index');
  });

  it('the desktop market page has a market search that opens the search page with the query', async () => {
    setWidth(1280);
    const { user } = renderTradeApp('/pages/desktop/market');
    const form = await screen.findByTestId('market-search');
    await user.type(within(form).getByRole('searchbox', { name: en.searchLabel }), 'pepe{Enter}');
    expect(await screen.findByTestId('search-page')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: en.searchLabel })).toHaveValue('pepe');
    expect(await screen.findByTestId('quote-row-1000PEPEUSDT')).toBeInTheDocument();
  });
});

describe('the markets list on a phone: the symbol never clips', () => {
  it('each row leads with the coin icon (a letter for a stock) and the whole symbol; the name alone may end in an ellipsis', async () => {
    setWidth(375);
    renderTradeApp('/pages/search/index?q=a');
    const row = await screen.findByTestId('quote-row-1000PEPEUSDT');
    const symbol = within(row).getByTestId('quote-symbol-1000PEPEUSDT');
    expect(symbol).toHaveTextContent(/^1000PEPEUSDT$/);
    expect(symbol).toHaveClass('symbol');
    // icon and symbol share one line; the symbol is not inside anything that clips
    const line = symbol.closest('.symbolLine')!;
    expect(within(line as HTMLElement).getByTestId('coin-icon')).toHaveAttribute('src', `/coins/${COIN_ICONS_VERSION}/1000pepe.svg`);
    expect(within(screen.getByTestId('quote-row-AAPL:NASDAQ')).getByTestId('coin-icon-fallback')).toHaveTextContent('A');
    for (const body of rulesFor('symbol')) {
      expect(body).not.toMatch(/text-overflow|overflow:\s*hidden/);
    }
    expect(rulesFor('symbol').join('')).toMatch(/white-space:\s*nowrap/);
    // the cell may not shrink below its content (max-width: 0 is what let it clip before)
    for (const body of rulesFor('symbolCell')) expect(body).not.toMatch(/max-width:\s*0/);
    expect(rulesFor('name').join('')).toMatch(/text-overflow:\s*ellipsis/);
    // the column headings ("Änderung %", "騰落率") stay on one line
    expect(rulesFor('sortButton').join('')).toMatch(/white-space:\s*nowrap/);
    await waitFor(() => expect(within(row).getByTestId('quote-price-1000PEPEUSDT')).toHaveTextContent('0.0123456'));
  });
});
