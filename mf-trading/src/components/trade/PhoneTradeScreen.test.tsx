import { market, perpetual, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import type { PerpOrder, Position } from '../../api/trading';
import { ASKS, BIDS, ok, page, PERP_ORDER, POSITION, QUOTE, recordServer, renderTradeApp, SPOT_ORDER, TERMS } from '../../testing/trade-fixtures';

/*
 * The phone trade screen for a first order: the lists (with their counts) right under the form and the book, the
 * cost and the maximum before submitting, a slider that follows a typed size, a confirm button in the side's
 * colour and a toast that says what the server did.
 */

jest.setTimeout(30_000);

const en = translations.en;

let positions: Position[];
let perpOrders: PerpOrder[];
const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) {
    const available: Record<string, string> = { 'spot:USDT': '6400', 'spot:BTC': '0.5', 'contract:USDT': '1000' };
    return ok({ wallet: params?.accountType, asset: params?.asset, available: available[`${String(params?.accountType)}:${String(params?.asset)}`] ?? '0' });
  }
  if (url === perpetual.openList.path) return ok(positions);
  if (url === perpetual.limitList.path) return ok(perpOrders);
  if (url === perpetual.closeList.path) return page([{ ...POSITION, id: '30', status: 'closed' }, { ...POSITION, id: '31', status: 'closed' }]);
  if (url === trading.spotHistory.path || url === trading.spotList.path) return page([]);
  if (url === trading.spotHoldings.path) return ok([]);
  if (url === trading.spotCreate.path) return ok({ ...SPOT_ORDER, status: 'pending', side: body.side, type: body.type, price: body.price, quantity: body.quantity });
  // the engine fills 0.02 at its own walked price, whatever the screen expected
  if (url === perpetual.openPosition.path)
    return ok({ order: { ...PERP_ORDER, side: body.side, type: body.type, status: 'completed', quantity: body.quantity, doneQuantity: '0.02', donePrice: '63771.04' }, position: POSITION });
  return undefined;
});

beforeEach(() => {
  positions = [POSITION];
  perpOrders = [PERP_ORDER, { ...PERP_ORDER, id: '53' }];
});

async function formReady(testId: string) {
  const form = await screen.findByTestId(testId);
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
  await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
  return form;
}

async function streamBook() {
  await waitFor(() => expect(server.hub.listenerCount('depth:BTCUSDT')).toBe(2));
  act(() => server.hub.emitDepth({ symbol: 'BTCUSDT', bids: BIDS, asks: ASKS, raw: {} }));
  await waitFor(() => expect(screen.getByTestId('order-book')).toHaveAttribute('data-symbol', 'BTCUSDT'));
}

describe('the phone trade screen', () => {
  it('positions, open orders and history with their counts, under the form and the book; the feed prices below them', async () => {
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    expect(await within(lists).findByRole('tab', { name: `${en.tabPositions} (1)` })).toBeInTheDocument();
    expect(await within(lists).findByRole('tab', { name: `${en.tabOpenOrders} (2)` })).toBeInTheDocument();
    expect(await within(lists).findByRole('tab', { name: `${en.tabHistory} (2)` })).toBeInTheDocument();
    const book = screen.getByTestId('order-book');
    const feed = screen.getByTestId('recent-trades');
    expect(book.compareDocumentPosition(lists) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(lists.compareDocumentPosition(feed) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('spot: Max buy and the cost before submitting, and the slider follows a typed size', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await formReady('order-form-spot');
    await user.type(within(form).getByLabelText('Price (USDT)'), '64000');
    // 6,400 USDT at 64,000: 0.1 BTC at most
    await waitFor(() => expect(within(form).getByTestId('order-max')).toHaveTextContent(`${en.maxBuyLabel}0.10000 BTC`));
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    expect(within(form).getByTestId('order-cost')).toHaveTextContent(`${en.orderCostLabel}3,200.00 USDT`);
    expect(within(form).getByTestId('order-percent')).toHaveValue('50');
    await user.clear(within(form).getByLabelText('Quantity (BTC)'));
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.025');
    expect(within(form).getByTestId('order-percent')).toHaveValue('25');
    // a percent button moves the size and the slider together
    await user.click(within(form).getByTestId('percent-100'));
    expect(within(form).getByLabelText('Quantity (BTC)')).toHaveValue('0.1');
    expect(within(form).getByTestId('order-percent')).toHaveValue('100');
  });

  it('perpetual: Max open before submitting', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('order-form-perp');
    await user.type(within(form).getByLabelText('Price (USDT)'), '50000');
    expect(within(form).getByTestId('order-max')).toHaveTextContent(en.maxOpenLabel);
    // 1,000 margin × 10 / 50,000 = 0.2, less the fee it also pays
    await waitFor(() => expect(within(form).getByTestId('order-max')).toHaveTextContent(/0\.19\d{3} BTC/));
  });

  it('the confirm button has the side’s colour, and the toast says what the server filled', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('order-form-perp');
    await streamBook();
    await user.click(within(form).getByRole('button', { name: en.orderMarket }));
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.02');
    await user.click(within(form).getByTestId('order-submit'));
    const confirm = within(await screen.findByTestId('trade-receipt')).getByTestId('receipt-confirm');
    expect(confirm.className).toMatch(/confirmBuy/);
    expect(confirm.className).not.toMatch(/confirmSell/);
    await user.click(confirm);
    expect(await screen.findByText('Long 0.02 BTC opened at 63,771.04')).toBeInTheDocument();
  });

  it('a sell’s confirm button is red; a resting limit order’s toast names its price', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&side=sell');
    const form = await formReady('order-form-spot');
    await user.type(within(form).getByLabelText('Price (USDT)'), '70000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(within(form).getByTestId('order-submit'));
    const confirm = within(await screen.findByTestId('trade-receipt')).getByTestId('receipt-confirm');
    expect(confirm.className).toMatch(/confirmSell/);
    await user.click(confirm);
    expect(await screen.findByText('Sell order placed: 0.01 BTC at 70,000.00')).toBeInTheDocument();
  });
});
