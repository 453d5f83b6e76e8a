import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { identity, market, perpetual, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { invalidateForPush, userInfoAtom, type DepthLevel } from '@meridian/shared';
import { commonTexts } from '@meridian/shared/testing';
import { translations } from '../../all-texts';
import type { PerpOrder, Position, SpotOrder } from '../../api/trading';
import { ASKS, BIDS, ok, page, PERP_ORDER, POSITION, QUOTE, renderTradeApp, SPOT_ORDER, TERMS, recordServer } from '../../testing/trade-fixtures';

/*
 * The trade screen against a recorded HTTP adapter and a manual socket hub: what the user sees (validation texts,
 * the receipt's numbers, the book) and which contract each action calls with which input.
 */

// whole screens typed into key by key: slower than a unit test, above all on a shared machine
jest.setTimeout(30_000);

const en = translations.en;
const common = commonTexts.en;

let available: Record<string, string>;
let positions: Position[];
let perpOrders: PerpOrder[];
let spotOrders: SpotOrder[];
/** What user/info answers (undefined: no answer, a 404). */
let serverUser: Record<string, unknown> | undefined;
const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(QUOTE);
  else if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  else if (url === wallet.validAsset.path) {
    const key = `${String(params?.accountType)}:${String(params?.asset)}`;
    return ok({ wallet: params?.accountType, asset: params?.asset, available: available[key] ?? '0' });
  } else if (url === perpetual.openList.path) return ok(positions);
  else if (url === perpetual.limitList.path) return ok(perpOrders);
  else if (url === perpetual.closeList.path || url === trading.spotHistory.path) return page([]);
  else if (url === trading.spotList.path) return page(spotOrders);
  else if (url === trading.spotHoldings.path) return ok([]);
  else if (url === trading.spotCreate.path) return ok({ ...SPOT_ORDER, id: '78', type: body.type, side: body.side, status: 'completed', quantity: body.quantity ?? null, doneQuantity: body.quantity ?? '0.1', averagePrice: '64050' });
  else if (url === perpetual.openPosition.path) return ok({ order: { ...PERP_ORDER, side: body.side, type: body.type, status: 'completed', donePrice: '64050' }, position: POSITION });
  else if (url === perpetual.closePosition.path) return ok({ ...POSITION, closePrice: '63990' });
  else if (url === perpetual.reversePosition.path) return ok({ closed: POSITION, opened: { ...POSITION, id: '42', side: 'short', entryPrice: '63990' } });
  else if (url === perpetual.cancelPosition.path) return ok({ ...PERP_ORDER, status: 'canceled' });
  else if (url === trading.spotDelete.path) return ok({ ...SPOT_ORDER, status: 'canceled' });
  else if (url === perpetual.setTPAndSLPosition.path) return ok({ ...POSITION, takeProfit: body.takeProfit, stopLoss: body.stopLoss });
  else if (url === identity.info.path && serverUser) return ok(serverUser);
  return undefined;
});

beforeEach(() => {
  available = { 'spot:USDT': '10000', 'spot:BTC': '0.5', 'contract:USDT': '1000' };
  positions = [];
  perpOrders = [];
  spotOrders = [];
  serverUser = undefined;
});

const renderTrade = (url = '/pages/trade-margin/index?symbol=BTCUSDT', options: { demo?: boolean; kycStatus?: string; language?: string } = {}) => renderTradeApp(url, options);

/** Sends the book once the screen has subscribed to it: the order form (for the receipt) and the book. */
async function streamBook(bids: DepthLevel[] = BIDS, asks: DepthLevel[] = ASKS) {
  await waitFor(() => expect(server.hub.listenerCount('depth:BTCUSDT')).toBe(2));
  act(() => server.hub.emitDepth({ symbol: 'BTCUSDT', bids, asks, raw: {} }));
  // the hooks apply a book once per animation frame
  await waitFor(() => expect(screen.getByTestId('order-book')).toHaveAttribute('data-symbol', 'BTCUSDT'));
}

/** The form once the quote, the terms and the balance are in (the strongest button says what it will do). */
async function formReady(label: string) {
  const form = await screen.findByTestId(/^order-form-/);
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toHaveTextContent(label));
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
  await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
  return form;
}

/** Enters an order as a user would (market, or a limit price) and, unless told otherwise, submits it. */
async function enterOrder(user: ReturnType<typeof userEvent.setup>, form: HTMLElement, order: { price?: string; size: string; submit?: boolean }) {
  if (order.price === undefined) await user.click(within(form).getByRole('button', { name: en.orderMarket }));
  else await user.type(within(form).getByLabelText('Price (USDT)'), order.price);
  await user.type(within(form).getByLabelText('Quantity (BTC)'), order.size);
  if (order.submit !== false) await user.click(within(form).getByTestId('order-submit'));
}

const posts = (path: string) => server.calls.filter((call) => call.method === 'POST' && call.url === path);
// user/info and the wallet overview (account/list, the Transfer beside Available) are POSTs that only read: no trade
const READS = new Set([identity.info.path, wallet.list.path]);
const tradePosts = () => server.calls.filter((call) => call.method === 'POST' && !READS.has(call.url));
/** newRequestId: 32 hex characters, a fresh one per action. */
const UUID = /^[0-9a-f]{32}$/;

describe('order form validation (each rule’s text shown on submit)', () => {
  it('a limit order without price or size: both texts, only after submitting, focus on the price', async () => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    expect(within(form).queryByText(en.priceRequired)).not.toBeInTheDocument();
    await user.click(within(form).getByTestId('order-submit'));
    expect(within(form).getByText(en.priceRequired)).toBeInTheDocument();
    expect(within(form).getByText(en.sizeRequired)).toBeInTheDocument();
    expect(within(form).getByLabelText('Price (USDT)')).toHaveFocus();
    expect(within(form).getByLabelText('Price (USDT)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
    expect(tradePosts()).toEqual([]);
  });

  it.each<[string, string, string, string]>([
    ['a price of 0', '0', '0.01', en.invalidPrice],
    ['a price with more decimals than the coin’s', '64000.123', '0.01', en.invalidPrice],
    ['a size of 0', '64000', '0', en.invalidSize],
    ['a size above 1e17', '64000', '100000000000000001', en.invalidSize],
    ['a size with more decimals than the coin’s', '64000', '0.123456', en.invalidSize],
    ['a size below the minimum', '64000', '0.00001', en.sizeBelowMin],
    ['a size above the maximum', '64000', '101', en.sizeAboveMax],
    ['a buy above the available USDT', '64000', '0.2', en.insufficientBalance],
  ])('%s: “%s / %s” shows its text', async (_case, price, size, text) => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    await enterOrder(user, form, { price, size });
    expect(await within(form).findByText(text)).toBeInTheDocument();
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
    expect(tradePosts()).toEqual([]);
  });

  it('a sell above the BTC held says “Insufficient balance”', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&side=sell');
    const form = await formReady('Sell BTC');
    await enterOrder(user, form, { price: '64000', size: '0.6' });
    expect(await within(form).findByText(en.insufficientBalance)).toBeInTheDocument();
  });

  it('perpetual: margin above the available balance, and take-profit/stop-loss on the wrong side of the price', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('Open long 10×');
    await user.click(within(form).getByRole('button', { name: en.orderMarket }));
    // 0.2 BTC at 64,000 is 12,800: 1,280 margin at 10× against 1,000 available
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.2');
    await user.click(within(form).getByLabelText(en.tpSlOnEntry));
    await user.type(within(form).getByLabelText(en.takeProfitLabel), '63000');
    await user.type(within(form).getByLabelText(en.stopLossLabel), '65000');
    await user.click(within(form).getByTestId('order-submit'));
    expect(await within(form).findByText(en.marginAboveAvailable)).toBeInTheDocument();
    expect(within(form).getByText(en.tpInvalid)).toBeInTheDocument();
    expect(within(form).getByText(en.slInvalid)).toBeInTheDocument();
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
  });
});

describe('identity', () => {
  it('an unverified user who submits an order is sent to KYC with type=trade, nothing placed', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT', { kycStatus: 'unverified' });
    const form = await formReady('Buy BTC');
    await enterOrder(user, form, { size: '0.01' });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/profile/kyc-verification/index'));
    expect(new URLSearchParams(window.location.search).get('type')).toBe('trade');
    // KYC's "Back to trade" returns here
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/pages/trade-margin/index?symbol=BTCUSDT');
    expect(tradePosts()).toEqual([]);
  });

  it('a status stored as unverified is asked again: a user verified since login trades, and is not sent to KYC', async () => {
    serverUser = { uid: '7', kycStatus: 'verified' };
    const { user, store } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT', { kycStatus: 'unverified' });
    const form = await formReady('Buy BTC');
    await waitFor(() => expect(store.get(userInfoAtom)).toMatchObject({ kycStatus: 'verified' }));
    // every trade form of the screen asked at mount: one request
    expect(server.calls.filter((call) => call.url === identity.info.path)).toHaveLength(1);
    await streamBook();
    await enterOrder(user, form, { size: '0.01' });
    expect(await screen.findByTestId('trade-receipt')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/pages/trade-margin/index');
  });

  it('a verified user is not asked again', async () => {
    renderTrade();
    await formReady('Buy BTC');
    expect(server.calls.filter((call) => call.url === identity.info.path)).toEqual([]);
  });
});

describe('the pre-trade receipt', () => {
  it('spot market buy: the walked price, value, fee and what is received, and create is called only after confirming', async () => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    await streamBook();
    await enterOrder(user, form, { size: '0.1' });
    const receipt = await screen.findByTestId('trade-receipt');
    // 0.05 @ 64,000 + 0.05 @ 64,100 = 6,405 for 0.1 → 64,050; taker fee 0.1 × 0.0005 = 0.00005 BTC
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent('64,050.00');
    expect(within(receipt).getByTestId('receipt-quantity')).toHaveTextContent('0.10000 BTC');
    expect(within(receipt).getByTestId('receipt-value')).toHaveTextContent('6,405.00 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('0.00005 BTC');
    expect(within(receipt).getByTestId('receipt-receive')).toHaveTextContent('≈ 0.09995 BTC');
    expect(tradePosts()).toEqual([]);

    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(posts(trading.spotCreate.path)).toHaveLength(1));
    const { requestId, ...order } = posts(trading.spotCreate.path)[0]!.body;
    expect(order).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.1' });
    expect(requestId).toMatch(UUID);
    // the toast says what happened, from the server's answer (its fill)
    expect(await screen.findByText('Bought 0.1 BTC at 64,050.00')).toBeInTheDocument();
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
  });

  it('cancelling the receipt places nothing', async () => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    await enterOrder(user, form, { price: '60000', size: '0.01' });
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent('60,000.00');
    await user.click(within(receipt).getByRole('button', { name: en.cancelButton }));
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
    expect(tradePosts()).toEqual([]);
  });

  it('perpetual 10× isolated market long: fee, margin, liquidation before → after and distance, then openPosition', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('Open long 10×');
    await streamBook();
    await enterOrder(user, form, { size: '0.1' });
    const receipt = await screen.findByTestId('trade-receipt');
    // notional 6,405 at the walked 64,050; fee × 0.0005 = 3.2025; margin / 10 = 640.5;
    // liquidation (6,405 − 640.5) / (0.1 × 0.995) = 57,934.68 (up); distance from the mark 64,020: 9.50 % (down)
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent('64,050.00');
    expect(within(receipt).getByTestId('receipt-notional')).toHaveTextContent('6,405.00 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('3.2025 USDT');
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent('640.50 USDT');
    expect(within(receipt).getByTestId('receipt-cost')).toHaveTextContent('643.71 USDT');
    expect(within(receipt).getByTestId('receipt-mark')).toHaveTextContent('64,020.00');
    expect(within(receipt).getByTestId('receipt-liquidation')).toHaveTextContent(`${en.noLiquidation} → 57,934.68`);
    expect(within(receipt).getByTestId('receipt-distance')).toHaveTextContent('9.50%');
    expect(posts(perpetual.openPosition.path)).toEqual([]);

    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(posts(perpetual.openPosition.path)).toHaveLength(1));
    const { requestId, ...order } = posts(perpetual.openPosition.path)[0]!.body;
    expect(order).toEqual({ symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.1', leverage: 10 });
    expect(requestId).toMatch(UUID);
  });

  it('perpetual market long by USDT amount: the quantity the engine’s walk gives, its receipt, and openPosition with the amount', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const form = await formReady('Open long 10×');
    await streamBook();
    await user.click(within(form).getByRole('button', { name: en.orderMarket }));
    await user.click(within(form).getByTestId('size-unit'));
    await user.type(within(form).getByLabelText('Amount (USDT)'), '5000');
    // 0.05 @ 64,000 spends 3,200; the 1,800 left buys floor(1,800 / 64,100, 5 decimals) = 0.02808 (not 5000 / 64,000 = 0.078125)
    expect(within(form).getByText('≈ 0.07808 BTC')).toBeInTheDocument();
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    // 3,200 + 0.02808 × 64,100 = 4,999.928 for 0.07808: the walked average 64,035.963… fills as the engine books it,
    // rounded up to 64,035.97 (never better than the book); notional 4,999.9285376, fee (× 0.0005) and margin (/ 10)
    // rounded up at the 6th decimal to 2.499965 and 499.992854
    expect(within(receipt).getByTestId('receipt-quantity')).toHaveTextContent('≈ 0.07808 BTC');
    expect(within(receipt).getByTestId('receipt-notional')).toHaveTextContent('4,999.93 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent(/^2\.50 USDT$/);
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent(/^500\.00 USDT$/);
    expect(within(receipt).getByTestId('receipt-liquidation')).toHaveTextContent(/→ \d/);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(posts(perpetual.openPosition.path)).toHaveLength(1));
    const { requestId, ...order } = posts(perpetual.openPosition.path)[0]!.body;
    expect(order).toEqual({ symbol: 'BTCUSDT', side: 'long', type: 'market', amount: '5000', leverage: 10 });
    expect(requestId).toMatch(UUID);
  });

  it('perpetual limit short by amount: amount / price rounded down on the receipt, the amount and price sent', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp&side=sell');
    const form = await formReady('Open short 10×');
    await user.click(within(form).getByTestId('size-unit'));
    await user.type(within(form).getByLabelText('Price (USDT)'), '65000');
    await user.type(within(form).getByLabelText('Amount (USDT)'), '1000');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    // 1,000 / 65,000 = 0.0153846… → 0.01538; notional 999.7, maker 0.0002 → 0.19994, margin 99.97
    expect(within(receipt).getByTestId('receipt-quantity')).toHaveTextContent(/^0\.01538 BTC$/);
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent(/^0\.1999 USDT$/);
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent(/^99\.97 USDT$/);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(posts(perpetual.openPosition.path)).toHaveLength(1));
    const { requestId: _id, ...order } = posts(perpetual.openPosition.path)[0]!.body;
    expect(order).toEqual({ symbol: 'BTCUSDT', side: 'short', type: 'limit', price: '65000', amount: '1000', leverage: 10 });
  });

  it('perpetual limit short with TP/SL on entry sends the price, the leverage chosen and both triggers', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp&side=sell');
    const form = await formReady('Open short 10×');
    await user.selectOptions(within(form).getByLabelText(en.leverageLabel), '5');
    expect(within(form).getByTestId('order-submit')).toHaveTextContent('Open short 5×');
    await enterOrder(user, form, { price: '65000', size: '0.05', submit: false });
    await user.click(within(form).getByLabelText(en.tpSlOnEntry));
    await user.type(within(form).getByLabelText(en.takeProfitLabel), '60000');
    await user.type(within(form).getByLabelText(en.stopLossLabel), '67000');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    // 0.05 × 65,000 = 3,250; maker 0.0002 → 0.65; margin at 5× 650
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent(/^0\.65 USDT$/);
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent(/^650\.00 USDT$/);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(posts(perpetual.openPosition.path)).toHaveLength(1));
    const { requestId, ...order } = posts(perpetual.openPosition.path)[0]!.body;
    expect(order).toEqual({ symbol: 'BTCUSDT', side: 'short', type: 'limit', price: '65000', quantity: '0.05', leverage: 5, takeProfit: '60000', stopLoss: '67000' });
    expect(requestId).toMatch(UUID);
  });

  it('demo: the marker on the form and the receipt, and the trial-version confirmation before anything is placed', async () => {
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT', { demo: true });
    const form = await formReady('Buy BTC');
    expect(within(form).getByTestId('demo-marker')).toHaveTextContent(en.demoMarker);
    await enterOrder(user, form, { price: '60000', size: '0.01' });
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-demo')).toHaveTextContent(en.demoMarker);

    await user.click(within(receipt).getByTestId('receipt-confirm'));
    const demo = await screen.findByTestId('demo-confirm');
    await user.click(within(demo).getByRole('button', { name: common.cancel }));
    expect(tradePosts()).toEqual([]);

    await user.click(within(screen.getByTestId('trade-receipt')).getByTestId('receipt-confirm'));
    await user.click(within(await screen.findByTestId('demo-confirm')).getByRole('button', { name: common.demoConfirmContinue }));
    await waitFor(() => expect(posts(trading.spotCreate.path)).toHaveLength(1));
    expect(posts(trading.spotCreate.path)[0]!.body).toMatchObject({ side: 'buy', type: 'limit', price: '60000', quantity: '0.01' });
  });
});

describe('the order book', () => {
  const levels = (from: number, step: number, n: number): DepthLevel[] => Array.from({ length: n }, (_, i) => [String(from + i * step), `0.${i + 1}`]);

  it('shows 10 levels each side of a deeper book, best ask lowest above the spread, best bid highest below', async () => {
    renderTrade();
    await streamBook(levels(63990, -10, 12), levels(64000, 10, 12));
    const book = screen.getByTestId('order-book');
    const asks = within(within(book).getByRole('list', { name: en.depthAsks })).getAllByTestId('book-ask');
    const bids = within(within(book).getByRole('list', { name: en.depthBids })).getAllByTestId('book-bid');
    expect(asks).toHaveLength(10);
    expect(bids).toHaveLength(10);
    expect(asks[0]).toHaveTextContent('64,090.00');
    expect(asks[9]).toHaveTextContent('64,000.00');
    expect(bids[0]).toHaveTextContent('63,990.00');
    expect(bids[9]).toHaveTextContent('63,900.00');
    // 10 over a mid of 63,995: 0.0156… %
    expect(within(book).getByTestId('book-spread')).toHaveTextContent('Spread 0.016 %');
    expect(within(book).getByTestId('book-spread')).toHaveTextContent('64,020.00');
  });

  it.each([
    ['ge', '0,016', '64.020,00'],
    ['fr', '0,016', '64 020,00'], // the narrow no-break space reads as a space in the text content
  ])('the spread percentage uses the language’s decimal separator like the prices beside it (%s)', async (language, percent, last) => {
    renderTrade(undefined, { language });
    await streamBook();
    const spread = within(screen.getByTestId('order-book')).getByTestId('book-spread');
    expect(spread).toHaveTextContent(translations[language as keyof typeof translations].spreadValue.replace('{{percent}}', percent));
    expect(spread).toHaveTextContent(last);
  });

  it('the spread stays on one line: no wrap, and a text short enough for the phone book column in every language', async () => {
    renderTrade();
    await streamBook();
    const line = within(screen.getByTestId('order-book')).getByText('Spread 0.016 %');
    expect(line.className).toContain('bookSpreadLine');
    const css = readFileSync(join(__dirname, 'trade.module.css'), 'utf8');
    expect(css).toMatch(/\.bookSpreadLine \{[^}]*white-space: nowrap;/);
    // the phone column is about 130 px at 12 px: 20 characters (a wide one counted twice) with a two-digit percent
    const width = (text: string) => [...text].reduce((sum, c) => sum + (/[\u1100-\uffef]/.test(c) ? 2 : 1), 0);
    const tooLong = Object.entries(translations).flatMap(([lng, texts]) =>
      [texts.spreadValue.replace('{{percent}}', '12.345'), texts.spreadNone].filter((text) => width(text) > 20).map((text) => `${lng}: ${text}`),
    );
    expect(tooLong).toEqual([]);
  });

  it('before the first book: the same 10 rows each side stand blank with the waiting text, and the order form is already there', async () => {
    renderTrade();
    const book = await screen.findByTestId('order-book');
    for (const name of [en.depthAsks, en.depthBids]) expect(within(book).getByRole('list', { name }).querySelectorAll('li')).toHaveLength(10);
    expect(within(book).getByTestId('book-spread')).toHaveTextContent(en.depthLoading);
    expect(screen.getByTestId('order-form-spot')).toBeInTheDocument();
  });

  it('a thin book keeps its height with blank rows, and a level picked puts its price in the limit form', async () => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    await streamBook();
    const book = screen.getByTestId('order-book');
    const askList = within(book).getByRole('list', { name: en.depthAsks });
    expect(within(askList).getAllByTestId('book-ask')).toHaveLength(2);
    expect(askList.querySelectorAll('li')).toHaveLength(10);
    await user.click(within(book).getByRole('button', { name: 'Use price 64,100.00' }));
    expect(within(form).getByLabelText('Price (USDT)')).toHaveValue('64100.00');
  });
});

describe('list row actions call their contract', () => {
  async function perpList(user: ReturnType<typeof userEvent.setup>) {
    const lists = await screen.findByTestId('lists-perp');
    return { lists, row: await within(lists).findByTestId('position-row'), user };
  }

  it('close all: closePosition with the position and a requestId, no quantity', async () => {
    positions = [POSITION];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    await user.click(within(row).getByTestId('close-position'));
    const dialog = await screen.findByTestId('close-dialog');
    await user.click(within(dialog).getByRole('button', { name: en.closeAllButton }));
    await waitFor(() => expect(posts(perpetual.closePosition.path)).toHaveLength(1));
    const { requestId, ...input } = posts(perpetual.closePosition.path)[0]!.body;
    expect(input).toEqual({ positionId: '41' });
    expect(requestId).toMatch(UUID);
  });

  it('close half: closePosition with the quantity', async () => {
    positions = [POSITION];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    await user.click(within(row).getByTestId('close-position'));
    const dialog = await screen.findByTestId('close-dialog');
    await user.click(within(dialog).getByTestId('close-50'));
    await user.click(within(dialog).getByRole('button', { name: en.closePartButton }));
    await waitFor(() => expect(posts(perpetual.closePosition.path)).toHaveLength(1));
    expect(posts(perpetual.closePosition.path)[0]!.body).toMatchObject({ positionId: '41', quantity: '0.05' });
  });

  it('reverse: reversePosition with the position and a requestId', async () => {
    positions = [POSITION];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    await user.click(within(row).getByTestId('reverse-position'));
    await waitFor(() => expect(posts(perpetual.reversePosition.path)).toHaveLength(1));
    const { requestId, ...input } = posts(perpetual.reversePosition.path)[0]!.body;
    expect(input).toEqual({ positionId: '41' });
    expect(requestId).toMatch(UUID);
    expect(await screen.findByText(/^Position reversed at 63,?990/)).toBeInTheDocument();
  });

  it('TP/SL: setTPAndSLPosition with the prices entered, an empty one as null', async () => {
    positions = [{ ...POSITION, stopLoss: '60000' }];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    await user.click(within(row).getByTestId('tpsl-position'));
    const dialog = await screen.findByTestId('tpsl-dialog');
    await user.type(within(dialog).getByLabelText(en.takeProfitLabel), '70000');
    await user.clear(within(dialog).getByLabelText(en.stopLossLabel));
    await user.click(within(dialog).getByRole('button', { name: en.saveButton }));
    await waitFor(() => expect(posts(perpetual.setTPAndSLPosition.path)).toHaveLength(1));
    expect(posts(perpetual.setTPAndSLPosition.path)[0]!.body).toEqual({ positionId: '41', takeProfit: '70000', stopLoss: null });
  });

  it('TP/SL on the wrong side of the mark is refused in the dialog and nothing is sent', async () => {
    positions = [POSITION];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    await user.click(within(row).getByTestId('tpsl-position'));
    const dialog = await screen.findByTestId('tpsl-dialog');
    await user.type(within(dialog).getByLabelText(en.takeProfitLabel), '60000');
    await user.click(within(dialog).getByRole('button', { name: en.saveButton }));
    expect(within(dialog).getByText(en.tpInvalid)).toBeInTheDocument();
    expect(posts(perpetual.setTPAndSLPosition.path)).toEqual([]);
  });

  it('a pending perpetual order: cancelPosition with its id', async () => {
    perpOrders = [PERP_ORDER];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    await user.click(within(lists).getByRole('tab', { name: new RegExp(`^${en.tabOpenOrders}`) }));
    const row = await within(lists).findByTestId('perp-order-row');
    await user.click(within(row).getByRole('button', { name: en.cancelOrder }));
    await waitFor(() => expect(posts(perpetual.cancelPosition.path)).toHaveLength(1));
    expect(posts(perpetual.cancelPosition.path)[0]!.body).toEqual({ orderId: '52' });
  });

  it('a pending spot order: contract-spot/delete with its id', async () => {
    spotOrders = [SPOT_ORDER];
    const { user } = renderTrade();
    const lists = await screen.findByTestId('lists-spot');
    const row = await within(lists).findByTestId('spot-order-row');
    await user.click(within(row).getByRole('button', { name: en.cancelOrder }));
    await waitFor(() => expect(posts(trading.spotDelete.path)).toHaveLength(1));
    expect(posts(trading.spotDelete.path)[0]!.body).toEqual({ orderId: '77' });
  });

  it('between pushes the row follows the market stream: mark, P/L and P/L % at the last price', async () => {
    positions = [POSITION];
    const { user } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    act(() => server.hub.emitQuotes([{ ...QUOTE, price: '64500', time: 2_000 }]));
    // long 0.1 from 64,000: +50 on 640 margin = +7.81 %
    await waitFor(() => expect(screen.getByTestId('position-row')).toHaveTextContent('64,500.00'));
    expect(screen.getByTestId('position-row')).toHaveTextContent('+50.00 (+7.81%)');
    act(() => server.hub.emitQuotes([{ ...QUOTE, price: '63800', time: 3_000 }]));
    await waitFor(() => expect(row).toHaveTextContent('−20.00 (−3.13%)'));
  });

  it('a position push refreshes the row in place (no polling)', async () => {
    positions = [POSITION];
    const { user, queryClient } = renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const { row } = await perpList(user);
    expect(row).toHaveTextContent('64,020.00');
    positions = [{ ...POSITION, markPrice: '64500', unrealisedPnl: '50' }];
    act(() => void invalidateForPush(queryClient, { action: 'POSITION_UPDATE', mode: 'real', symbol: 'BTCUSDT', positionId: '41' }, 'real'));
    await waitFor(() => expect(screen.getByTestId('position-row')).toHaveTextContent('64,500.00'));
    expect(screen.getByTestId('position-row')).toHaveTextContent('+50');
  });
});

describe('keyboard', () => {
  it('every field is labelled, tab goes side → type → price → size → shares → submit, and Enter submits', async () => {
    const { user } = renderTrade();
    const form = await formReady('Buy BTC');
    await streamBook();
    const buy = within(form).getByRole('button', { name: en.sideBuy });
    buy.focus();
    const order: HTMLElement[] = [
      within(form).getByRole('button', { name: en.sideSell }),
      within(form).getByRole('button', { name: en.orderLimit }),
      within(form).getByRole('button', { name: en.orderMarket }),
      // spot: the sells on a holding (TP/SL, OCO) follow the two order types
      within(form).getByRole('button', { name: en.orderTpSl }),
      within(form).getByRole('button', { name: en.orderOco }),
      within(form).getByLabelText('Price (USDT)'),
      within(form).getByLabelText('Quantity (BTC)'),
      within(form).getByTestId('size-unit'),
      within(form).getByRole('button', { name: '25%' }),
      within(form).getByRole('button', { name: '50%' }),
      within(form).getByRole('button', { name: '75%' }),
      within(form).getByRole('button', { name: '100%' }),
      within(form).getByLabelText(en.percentLabel),
      within(form).getByRole('button', { name: 'Buy BTC' }),
    ];
    for (const next of order) {
      await user.tab();
      expect(next).toHaveFocus();
    }
    // Space on the side toggle switches it; Enter in a field submits the form
    within(form).getByRole('button', { name: en.sideSell }).focus();
    await user.keyboard(' ');
    expect(within(form).getByRole('button', { name: en.sideSell })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(form).getByLabelText('Price (USDT)'));
    await user.keyboard('64000');
    await user.click(within(form).getByLabelText('Quantity (BTC)'));
    await user.keyboard('0.01{Enter}');
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-value')).toHaveTextContent('640.00 USDT');
    // the receipt is a dialog: its confirm button is reachable and Enter on it places the order
    within(receipt).getByTestId('receipt-confirm').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(posts(trading.spotCreate.path)).toHaveLength(1));
    expect(posts(trading.spotCreate.path)[0]!.body).toMatchObject({ side: 'sell', type: 'limit', price: '64000', quantity: '0.01' });
  });
});

describe('figures read as the wallet reads them (shared formatters)', () => {
  // the wallet's spot card shows the same 6250 USDT as "6,250.00" / "6.250,00" / "6 250,00" (mf-accounts wallet.test.tsx)
  it.each([
    ['en', '6,250.00 USDT'],
    ['ge', '6.250,00 USDT'],
    ['fr', '6\u202f250,00 USDT'],
  ])('the spot form’s available USDT in %s: %s', async (language, shown) => {
    available = { ...available, 'spot:USDT': '6250' };
    renderTrade(undefined, { language });
    const form = await screen.findByTestId('order-form-spot');
    await waitFor(() => expect(within(form).getByTestId('order-available')).toHaveTextContent(shown, { normalizeWhitespace: false }));
  });

  it('a position row: prices and TP/SL at the coin’s decimals, margin in cents, P/L signed, grouped', async () => {
    positions = [{ ...POSITION, margin: '127.54208', takeProfit: '65678', stopLoss: '60000.5', unrealisedPnl: '-0.5695024' }];
    renderTrade('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const row = await within(await screen.findByTestId('lists-perp')).findByTestId('position-row');
    expect(row).toHaveTextContent('127.54 USDT');
    expect(row).toHaveTextContent('65,678.00');
    expect(row).toHaveTextContent('60,000.50');
    expect(row).not.toHaveTextContent('127.54208');
  });
});
