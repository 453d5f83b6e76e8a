import { forex, market, perpetual } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import type { PositionDetail } from '../../../api/trading';
import { ok, POSITION, QUOTE, recordServer, renderTradeApp } from '../../../testing/trade-fixtures';

/*
 * The perpetual detail screens also show forex positions (the forex history links there): those read as on the
 * forex tab — lots with their units, prices in the pair's decimals — and a coin's position stays in its quantity.
 */

jest.setTimeout(30_000);

const EVIDENCE = { symbol: 'AUDCAD', feedTime: '2026-11-25T12:00:00.000Z', bid: '0.9125012345', ask: '0.9126012345', last: '0.91255', source: 'simulated' as const, sideUsed: 'ask' as const, levels: [] };
const detailOf = (symbol: string, quantity: string, price: string): PositionDetail => ({
  position: { ...POSITION, symbol, quantity, entryPrice: price, markPrice: price, indexPrice: price, liquidationPrice: null, totalValue: '668.4908024003184' },
  fills: [{ id: '1', orderId: '40', kind: 'open', side: 'long', quantity, price, fee: '0.1', realisedPnl: '0', closeType: null, evidence: { ...EVIDENCE, symbol }, receiptHash: 'b'.repeat(64), createdAt: '2026-11-25T12:00:00.000Z' }],
  funding: [],
  liquidation: null,
});

let shown: PositionDetail;
recordServer(({ url, params }) => {
  if (url === perpetual.detail.path) return ok(shown);
  if (url === market.price.path) return ok(params?.symbol === 'AUDCAD' ? { ...QUOTE, symbol: 'AUDCAD', category: 'FOREX' } : QUOTE);
  if (url === forex.config.path) return ok({ symbol: 'AUDCAD', contractSize: '100000', priceDecimals: 5, quoteCurrency: 'CAD' });
  return undefined;
});

const facts = (root: HTMLElement) => Object.fromEntries(within(root).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

describe('a forex position on the perpetual detail screen', () => {
  it('states its size in lots (units beside them) and its prices in the pair’s five decimals', async () => {
    shown = detailOf('AUDCAD', '25000', '0.9126012345');
    renderTradeApp('/pages/trade-margin/perpetual-contract/position-detail?positionId=41');
    const position = await screen.findByTestId('position-facts');
    await within(position).findByText('0.25 lots (25,000 AUD)');
    // the total value (units × mark × conversion rate, exact on the wire) in cents, as every USDT figure
    expect(facts(position)).toMatchObject({ Quantity: '0.25 lots (25,000 AUD)', 'Entry price': '0.91260', 'Total value': '668.49 USDT' });
    expect(facts(screen.getByTestId('position-fill'))).toMatchObject({ Quantity: '0.25 lots (25,000 AUD)' });
    // named as what it is, and the way back leads to the forex tab
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Forex position details');
    expect(screen.getByRole('link', { name: /Back to/ })).toHaveAttribute('href', '/pages/trade-margin/index?tab=forex');
  });

  it('a coin’s position keeps its quantity', async () => {
    shown = detailOf('BTCUSDT', '0.1', '64000');
    renderTradeApp('/pages/trade-margin/perpetual-contract/position-detail?positionId=41');
    const position = await screen.findByTestId('position-facts');
    expect(facts(position)).toMatchObject({ Quantity: '0.10000' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Perpetual position details');
    expect(screen.getByRole('link', { name: /Back to/ })).toHaveAttribute('href', '/pages/trade-margin/index?tab=perp');
  });
});
