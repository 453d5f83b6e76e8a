import { screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { stockOrders } from '@meridian/contracts';
import { tokenAtom, typeUserAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import manifest from '../../meridian.routes.json';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { NS } from '../i18n';
import { translations } from '../all-texts';
import { installServer, ok } from '../pages/stock/ipo/offers-test-server';
import StockHoldings from '../stock-holdings';

const POSITION = {
  symbol: 'AAPL:NASDAQ', name: 'Apple', book: 'stock', venue: 'US', currency: 'USD', shares: '5', availableShares: '5', frozenShares: '0',
  costPrice: '200', costUsdt: '1000.5', nowPrice: '210', sellPrice: '209.9', marketValue: '1049.5', marketValueUsdt: { value: '1048.97525', rate: '0.9995', version: 1 },
  pnl: '49.5', pnlUsdt: '48.47525', pnlPercent: '4.84', realisedUsdt: '0', marketOpen: true,
};
const VALUE = {
  book: 'stock', marketValueUsdt: '1048.97525', costUsdt: '1000.5', pnlUsdt: '48.47525', pnlPercent: '4.84', positions: 1, frozenUsdt: '0', availableUsdt: '500', unpricedCurrencies: [],
};

let server: ReturnType<typeof installServer> | undefined;
afterEach(() => server?.restore());

function render(language = 'en') {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', nickname: 'ann', kycStatus: 'verified' } as unknown as UserInfo);
  store.set(typeUserAtom, 'real');
  return renderWithPlatform(<StockHoldings />, { url: '/pages/wallet/index', store, language, translations: { namespace: NS, texts: translations } });
}

describe('the wallet.holdings contribution (stock positions in mf_accounts’ wallet)', () => {
  it('is in the manifest as an exposed module of this remote, on the spot wallet, with a label in every language', () => {
    const entry = manifest.slots['wallet.holdings']?.find((e) => e.id === 'stocks');
    expect(entry).toMatchObject({ module: './stock-holdings', wallet: 'spot', label: 'slotHoldingsStocks' });
    // the module the slot names is one the federation build exposes
    expect(readFileSync(path.join(__dirname, '../../webpack.config.cjs'), 'utf8')).toContain("'./stock-holdings': './src/stock-holdings.ts'");
    for (const texts of Object.values(translations)) expect(texts.slotHoldingsStocks).toBeTruthy();
  });

  it('shows the total and each position with its value and P/L, linking to the stock', async () => {
    server = installServer({ [stockOrders.listPosition.path]: ok([POSITION]), [stockOrders.getUserPositionMarketValue.path]: ok(VALUE) });
    render();
    const list = await screen.findByTestId('stock-holdings-list');
    expect(within(list).getByText('AAPL:NASDAQ')).toBeInTheDocument();
    expect(list).toHaveTextContent('1,048.98 USDT');
    expect(list).toHaveTextContent('+4.84%');
    expect(await screen.findByTestId('stock-holdings-total')).toHaveTextContent('Market value 1,048.98 USDT · P/L +48.48 USDT');
    expect(server.callsTo(stockOrders.listPosition.path)[0]!.params).toMatchObject({ book: 'stock' });
  });

  it('says so when there is nothing held (German)', async () => {
    server = installServer({ [stockOrders.listPosition.path]: ok([]), [stockOrders.getUserPositionMarketValue.path]: ok({ ...VALUE, positions: 0 }) });
    render('ge');
    expect(await screen.findByText(translations.ge.stockNoPositions)).toBeInTheDocument();
    expect(screen.queryByTestId('stock-holdings-total')).not.toBeInTheDocument();
  });
});
