import { market, perpetual, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import type { Position } from '../../api/trading';
import { ASKS, ok, page, POSITION, QUOTE, recordServer, renderTradeApp, TERMS } from '../../testing/trade-fixtures';
import { closeEstimate } from './closeEstimate';

/*
 * The close sheet says what it expects before anything moves: the price walking the streamed bids (a long closes
 * into them, as the open receipt walks the asks), and the P/L net of the closing fee at the position's own frozen
 * taker rate, for the size chosen.
 */

jest.setTimeout(30_000);

const en = translations.en;

// the terms' taker rate today is 0.0005: the position was opened at 0.0006, and that is what its close pays
const OPEN: Position = { ...POSITION, takerFeeRate: '0.0006' };
// half of 0.1 BTC takes 0.03 at 63,990 and 0.02 at 63,900
const BIDS: Array<[string, string]> = [
  ['63990', '0.03'],
  ['63900', '1'],
];

const server = recordServer(({ url }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  if (url === perpetual.openList.path) return ok([OPEN]);
  if (url === perpetual.limitList.path) return ok([]);
  if (url === perpetual.closeList.path) return page([]);
  return undefined;
});

async function openCloseSheet() {
  const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
  const lists = await screen.findByTestId('lists-perp');
  const row = await within(lists).findByTestId('position-row');
  await user.click(within(row).getByTestId('close-position'));
  const dialog = await screen.findByTestId('close-dialog');
  // the form, the book and the close sheet each follow the book
  await waitFor(() => expect(server.hub.listenerCount('depth:BTCUSDT')).toBe(3));
  act(() => server.hub.emitDepth({ symbol: 'BTCUSDT', bids: BIDS, asks: ASKS, raw: {} }));
  return { user, dialog };
}

const shown = (dialog: HTMLElement, id: string) => within(dialog).getByTestId(`close-estimate-${id}`).textContent;

describe('the close sheet’s estimate', () => {
  it('a half close: the walked price, the P/L, the closing fee at the frozen taker rate and the net, hand-computed', async () => {
    const { user, dialog } = await openCloseSheet();
    await user.click(within(dialog).getByTestId('close-50'));
    // 0.03 × 63990 + 0.02 × 63900 = 3197.7 for 0.05 → 63954 (rounded down for a sell at 2 decimals: exact here)
    await waitFor(() => expect(shown(dialog, 'price')).toBe('63,954.00'));
    // (63954 − 64000) × 0.05 = −2.3; fee 3197.7 × 0.0006 = 1.91862 (rounded up at 6 decimals: exact); net −4.21862
    expect(shown(dialog, 'pnl')).toBe('−2.30 USDT');
    expect(shown(dialog, 'fee')).toBe('1.9186 USDT');
    expect(shown(dialog, 'net')).toBe('−4.22 USDT');
    expect(within(dialog).getByText(en.closeExpectedPrice)).toBeInTheDocument();
    expect(within(dialog).getByText(en.closeEstimatedNet)).toBeInTheDocument();
  });

  it('follows the size: all of it walks deeper into the bids', async () => {
    const { user, dialog } = await openCloseSheet();
    await user.click(within(dialog).getByTestId('close-50'));
    await waitFor(() => expect(shown(dialog, 'price')).toBe('63,954.00'));
    await user.click(within(dialog).getByTestId('close-100'));
    // 0.03 × 63990 + 0.07 × 63900 = 6392.7 for 0.1 → 63927; P/L −7.3; fee 6392.7 × 0.0006 = 3.83562; net −11.13562
    await waitFor(() => expect(shown(dialog, 'price')).toBe('63,927.00'));
    expect(shown(dialog, 'pnl')).toBe('−7.30 USDT');
    expect(shown(dialog, 'fee')).toBe('3.8356 USDT');
    expect(shown(dialog, 'net')).toBe('−11.14 USDT');
  });

  it('a size that is not valid shows no estimate', async () => {
    const { user, dialog } = await openCloseSheet();
    const field = within(dialog).getByTestId('close-quantity');
    await user.clear(field);
    await user.type(field, '0.5');
    await waitFor(() => expect(shown(dialog, 'net')).toBe('—'));
    expect(shown(dialog, 'price')).toBe('—');
  });
});

describe('closeEstimate', () => {
  const quote = { bid: '63990', ask: '64000', last: '64020' };
  it('a short closes into the asks: 0.05 at 64,000 and 0.05 at 64,100 → 64,050; P/L +5, fee 3.2025, net +1.7975', () => {
    const estimate = closeEstimate({ position: { side: 'short', entryPrice: '64100' }, units: '0.1', quote, book: { bids: BIDS, asks: ASKS }, priceDecimals: 2, takerFeeRate: '0.0005' });
    expect(estimate).toEqual({ price: '64050', pnl: '5', fee: '3.2025', net: '1.7975', bookCovers: true });
  });
  it('a forex position closes its units × its quote rate; without a book the bid stands in; without a rate no fee', () => {
    const estimate = closeEstimate({ position: { side: 'long', entryPrice: '1.1', quoteRate: '2' }, units: '1000', quote: { bid: '1.2', ask: '1.21', last: '1.2' }, book: null, priceDecimals: 5, takerFeeRate: null });
    // (1.2 − 1.1) × 1000 × 2 = 200
    expect(estimate).toEqual({ price: '1.2', pnl: '200', fee: null, net: '200', bookCovers: null });
  });
});
