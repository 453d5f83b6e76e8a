import { market, perpetual, trading, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import type { PerpOrder } from '../../api/trading';
import { ok, page, PERP_ORDER, QUOTE, renderTradeApp, TERMS, recordServer } from '../../testing/trade-fixtures';

/*
 * The perpetual order types beyond market and limit in the order form, its receipt and the open orders: the
 * condition (stop, trailing stop) with its trigger, source and callback, time in force, post-only, reduce-only;
 * what the receipt says will happen, and what openPosition is sent. The quote: last 64,020, bid 63,990, ask 64,000.
 */

jest.setTimeout(30_000);

const en = translations.en;
let perpOrders: PerpOrder[];
const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(QUOTE);
  else if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  else if (url === wallet.validAsset.path) return ok({ wallet: params?.accountType, asset: params?.asset, available: '10000' });
  else if (url === perpetual.openList.path) return ok([]);
  else if (url === perpetual.limitList.path) return ok(perpOrders);
  else if (url === perpetual.closeList.path || url === trading.spotHistory.path) return page([]);
  else if (url === trading.spotList.path) return page([]);
  else if (url === trading.spotHoldings.path) return ok([]);
  else if (url === perpetual.openPosition.path) return ok({ order: { ...PERP_ORDER, side: body.side, type: body.type, status: 'pending' }, position: null });
  return undefined;
});

beforeEach(() => {
  perpOrders = [];
});

const posts = () => server.calls.filter((call) => call.method === 'POST' && call.url === perpetual.openPosition.path);

async function perpForm(side: 'buy' | 'sell' = 'buy') {
  const rendered = renderTradeApp(`/pages/trade-margin/index?symbol=BTCUSDT&tab=perp&side=${side}`);
  const form = await screen.findByTestId('order-form-perp');
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
  await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
  return { ...rendered, form };
}

/** The body openPosition was sent, without its request id. */
async function sent() {
  await waitFor(() => expect(posts()).toHaveLength(1));
  const { requestId: _id, ...order } = posts()[0]!.body as Record<string, unknown>;
  return order;
}

describe('order types in the form and the receipt', () => {
  it('stop-limit long on the last price: the receipt says when it fires and what it becomes; openPosition gets its fields', async () => {
    const { user, form } = await perpForm('buy');
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'stop');
    await user.selectOptions(within(form).getByLabelText(en.triggerSourceLabel), 'last');
    await user.type(within(form).getByLabelText('Trigger price (USDT)'), '65000');
    await user.type(within(form).getByLabelText('Price (USDT)'), '65100');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-type')).toHaveTextContent(/^Stop limit · /);
    const facts = within(receipt).getByTestId('receipt-order-type');
    expect(facts).toHaveTextContent('When the last price rises to 65,000.00, a limit order at 65,100.00 is placed.');
    expect(facts).toHaveTextContent(en.explainGtc);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    expect(await sent()).toEqual({
      symbol: 'BTCUSDT', side: 'long', type: 'stop_limit', price: '65100', quantity: '0.05', leverage: 10, triggerPrice: '65000', triggerSource: 'last',
    });
  });

  it('stop-market short on the mark below the price: "falls to", a market order walking the book', async () => {
    const { user, form } = await perpForm('sell');
    await user.click(within(form).getByRole('button', { name: en.orderMarket }));
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'stop');
    await user.type(within(form).getByLabelText('Trigger price (USDT)'), '63000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-type')).toHaveTextContent(/^Stop market · /);
    expect(within(receipt).getByTestId('receipt-order-type')).toHaveTextContent('When the mark price falls to 63,000.00, a market order is placed and fills walking the book.');
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    expect(await sent()).toEqual({ symbol: 'BTCUSDT', side: 'short', type: 'stop_market', quantity: '0.05', leverage: 10, triggerPrice: '63000', triggerSource: 'mark' });
  });

  it('reduce-only trailing stop (sell): the trigger it starts at (64,020 × 0.98), the reduce-only text, no time in force sent', async () => {
    const { user, form } = await perpForm('sell');
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'trailing');
    expect(within(form).getByRole('button', { name: en.orderLimit })).toBeDisabled();
    await user.clear(within(form).getByLabelText(en.callbackRateLabel));
    await user.type(within(form).getByLabelText(en.callbackRateLabel), '2');
    expect(within(form).getByText('The trigger would start at 62,739.60')).toBeInTheDocument();
    await user.click(within(form).getByLabelText(en.reduceOnlyLabel));
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    const facts = within(receipt).getByTestId('receipt-order-type');
    expect(facts).toHaveTextContent('The trigger follows the highest mark price since placement, 2% below it (now 62,739.60)');
    expect(facts).toHaveTextContent(en.explainReduceOnlyLong);
    // it holds no margin and opens nothing
    expect(within(receipt).queryByTestId('receipt-margin')).toBeNull();
    expect(within(receipt).queryByTestId('receipt-liquidation')).toBeNull();
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    expect(await sent()).toEqual({ symbol: 'BTCUSDT', side: 'short', type: 'trailing_stop', quantity: '0.05', leverage: 10, callbackRate: '2', triggerSource: 'mark', reduceOnly: true });
  });

  it('limit with fill-or-kill: post-only is off for it, the receipt explains FOK, the time in force is sent', async () => {
    const { user, form } = await perpForm('buy');
    await user.selectOptions(within(form).getByLabelText(en.timeInForceLabel), 'FOK');
    expect(within(form).getByLabelText(en.postOnlyLabel)).toBeDisabled();
    await user.type(within(form).getByLabelText('Price (USDT)'), '63000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-order-type')).toHaveTextContent(en.explainFok);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    expect(await sent()).toEqual({ symbol: 'BTCUSDT', side: 'long', type: 'limit', price: '63000', quantity: '0.05', leverage: 10, timeInForce: 'FOK' });
  });

  it('post-only GTC limit: the receipt says it is refused if it would take; postOnly sent', async () => {
    const { user, form } = await perpForm('buy');
    await user.click(within(form).getByLabelText(en.postOnlyLabel));
    await user.type(within(form).getByLabelText('Price (USDT)'), '63000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-order-type')).toHaveTextContent(en.explainPostOnly);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    expect(await sent()).toEqual({ symbol: 'BTCUSDT', side: 'long', type: 'limit', price: '63000', quantity: '0.05', leverage: 10, postOnly: true });
  });

  it('a stop without a trigger, a trigger at the price and a callback out of range are refused in the form, nothing sent', async () => {
    const { user, form } = await perpForm('buy');
    await user.click(within(form).getByRole('button', { name: en.orderMarket }));
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'stop');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.05');
    await user.click(within(form).getByTestId('order-submit'));
    expect(await within(form).findByText(en.triggerRequired)).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Trigger price (USDT)'), '64020');
    expect(await within(form).findByText(en.triggerAtPrice)).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'trailing');
    await user.clear(within(form).getByLabelText(en.callbackRateLabel));
    await user.type(within(form).getByLabelText(en.callbackRateLabel), '20');
    expect(await within(form).findByText(en.callbackRange)).toBeInTheDocument();
    await user.click(within(form).getByTestId('order-submit'));
    expect(screen.queryByTestId('trade-receipt')).toBeNull();
    expect(posts()).toHaveLength(0);
  });
});

describe('order types in the open orders', () => {
  it('a waiting trailing stop shows its type, its trigger as it stands with its source and callback, the best price and reduce-only', async () => {
    perpOrders = [{ ...PERP_ORDER, type: 'trailing_stop', price: null, triggerPrice: '63380.4', triggerSource: 'last', callbackRate: '1', trailingPeak: '64020', timeInForce: 'GTC', postOnly: false, reduceOnly: true }];
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    await user.click(within(lists).getByRole('tab', { name: new RegExp(`^${en.tabOpenOrders}`) }));
    const row = await within(lists).findByTestId('perp-order-row');
    expect(within(row).getByTestId('perp-order-type')).toHaveTextContent(/^Trailing stop · 5×/);
    expect(row).toHaveTextContent('63,380.40 (last price) · 1%');
    expect(row).toHaveTextContent(`${en.colTrailingPeak}64,020.00`);
    expect(row).toHaveTextContent(en.flagReduceOnly);
  });

  it('a stop-limit shows its limit, trigger and time in force', async () => {
    perpOrders = [{ ...PERP_ORDER, type: 'stop_limit', price: '65100', triggerPrice: '65000', triggerSource: 'mark', timeInForce: 'IOC', postOnly: false, reduceOnly: false }];
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    await user.click(within(lists).getByRole('tab', { name: new RegExp(`^${en.tabOpenOrders}`) }));
    const row = await within(lists).findByTestId('perp-order-row');
    expect(within(row).getByTestId('perp-order-type')).toHaveTextContent(/^Stop limit/);
    expect(row).toHaveTextContent('65,000.00 (mark price)');
    expect(row).toHaveTextContent(`${en.colTimeInForce}IOC`);
  });
});
