import { market, trading, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import type { SpotConditional } from '../../api/trading';
import { ok, page, QUOTE, recordServer, renderTradeApp, SPOT_ORDER, TERMS } from '../../testing/trade-fixtures';

/*
 * The spot form's TP/SL and OCO entries against a recorded HTTP adapter: the fields, the checks shown before any
 * request, the receipt sentence, the call sent, and the open-orders row with both legs.
 */

jest.setTimeout(30_000);

const en = translations.en;

const OCO: SpotConditional = {
  id: '5',
  kind: 'oco',
  side: 'sell',
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  quantity: '0.01',
  takeProfitPrice: '70000',
  stopPrice: '60000',
  stopLimitPrice: '59900',
  status: 'pending',
  frozen: '0.01',
  legs: [
    { leg: 'tp', type: 'limit', triggerPrice: '70000', price: '70000', status: 'pending' },
    { leg: 'sl', type: 'stop-limit', triggerPrice: '60000', price: '59900', status: 'pending' },
  ],
  triggeredLeg: null,
  order: null,
  priceDecimals: 2,
  amountDecimals: 5,
  createdAt: '2026-03-01T09:00:00.000Z',
  updatedAt: '2026-03-01T09:00:00.000Z',
  finishedAt: null,
  requestId: 'r',
};

let conditionals: SpotConditional[];
let finished: SpotConditional[];
const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: params?.accountType, asset: params?.asset, available: params?.asset === 'BTC' ? '0.5' : '10000' });
  if (url === trading.spotList.path || url === trading.spotHistory.path) return page([]);
  if (url === trading.spotConditionalList.path) return page(params?.open === 'false' ? finished : conditionals);
  if (url === trading.spotHoldings.path) return ok([]);
  if (url === trading.spotConditionalCreate.path) return ok({ ...OCO, kind: body.kind });
  if (url === trading.spotConditionalCancel.path) return ok({ ...OCO, status: 'canceled' });
  return undefined;
});
const posts = (path: string) => server.calls.filter((call) => call.method === 'POST' && call.url === path);

beforeEach(() => {
  conditionals = [];
  finished = [];
});

async function openKind(kind: 'oco' | 'tpsl') {
  const view = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
  const spotForm = await screen.findByTestId('order-form-spot');
  await view.user.click(within(spotForm).getByRole('button', { name: kind === 'oco' ? en.orderOco : en.orderTpSl }));
  const form = await screen.findByTestId(`conditional-form-${kind}`);
  await waitFor(() => expect(form).toHaveTextContent('0.50000 BTC'));
  return { ...view, form };
}

describe('spot TP/SL and OCO', () => {
  it('OCO: both legs required, then the receipt says what happens and the call carries both legs', async () => {
    const { user, form } = await openKind('oco');
    expect(within(form).getByTestId('conditional-receipt')).toHaveTextContent(en.conditionalReceiptEmpty);
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.01');
    await user.type(within(form).getByLabelText(en.conditionalTakeProfitLabel), '70000');
    await user.click(within(form).getByTestId('conditional-submit'));
    expect(within(form).getByText(en.conditionalLegRequired)).toBeInTheDocument();
    expect(posts(trading.spotConditionalCreate.path)).toHaveLength(0);

    await user.type(within(form).getByLabelText(en.conditionalStopLabel), '60000');
    await user.type(within(form).getByLabelText(en.conditionalStopLimitLabel), '59900');
    expect(within(form).getByTestId('conditional-receipt')).toHaveTextContent(
      'Sells 0.01 BTC at 70,000.00 or, if the price falls to 60,000.00, at 59,900.00; the other is cancelled',
    );
    await user.click(within(form).getByTestId('conditional-submit'));
    await waitFor(() => expect(posts(trading.spotConditionalCreate.path)).toHaveLength(1));
    expect(posts(trading.spotConditionalCreate.path)[0]!.body).toEqual({
      symbol: 'BTCUSDT', kind: 'oco', quantity: '0.01', takeProfitPrice: '70000', stopPrice: '60000', stopLimitPrice: '59900', requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(await screen.findByText(en.conditionalPlacedOco)).toBeInTheDocument();
  });

  it('TP/SL: a stop alone sells at the market; prices on the wrong side of the bid and more than held are refused before any call', async () => {
    const { user, form } = await openKind('tpsl');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.6');
    await user.type(within(form).getByLabelText(en.conditionalStopLabel), '64000');
    expect(within(form).getByText(en.conditionalQuantityAboveHolding)).toBeInTheDocument();
    expect(within(form).getByText(en.conditionalStopBelowBid)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Quantity (BTC)'));
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.2');
    await user.clear(within(form).getByLabelText(en.conditionalStopLabel));
    await user.type(within(form).getByLabelText(en.conditionalStopLabel), '60000');
    expect(within(form).getByTestId('conditional-receipt')).toHaveTextContent('Sells 0.2 BTC at the market if the price falls to 60,000.00');
    await user.type(within(form).getByLabelText(en.conditionalTakeProfitLabel), '63000');
    expect(within(form).getByText(en.conditionalTakeProfitAboveBid)).toBeInTheDocument();
    await user.click(within(form).getByTestId('conditional-submit'));
    expect(posts(trading.spotConditionalCreate.path)).toHaveLength(0);
    await user.clear(within(form).getByLabelText(en.conditionalTakeProfitLabel));
    await user.click(within(form).getByTestId('conditional-submit'));
    await waitFor(() => expect(posts(trading.spotConditionalCreate.path)).toHaveLength(1));
    expect(posts(trading.spotConditionalCreate.path)[0]!.body).toMatchObject({ kind: 'tpsl', quantity: '0.2', stopPrice: '60000' });
    expect(posts(trading.spotConditionalCreate.path)[0]!.body).not.toHaveProperty('takeProfitPrice');
  });

  it('the open-orders list shows an OCO with both legs and their status; Cancel sends its id', async () => {
    conditionals = [OCO];
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const row = await within(await screen.findByTestId('lists-spot')).findByTestId('conditional-row');
    expect(row).toHaveTextContent('OCO');
    expect(within(row).getByTestId('conditional-leg-tp')).toHaveTextContent('sells at 70,000.00 USDT');
    expect(within(row).getByTestId('conditional-leg-sl')).toHaveTextContent('if the bid falls to 60,000.00, sells at 59,900.00');
    expect(within(row).getByTestId('conditional-leg-sl')).toHaveTextContent(en.statusPending);
    // the OCO is an open order: counted in the tab, and the list is not "no open orders"
    const lists = screen.getByTestId('lists-spot');
    await waitFor(() => expect(within(lists).getByTestId('list-tab-open')).toHaveTextContent('(1)'));
    expect(within(lists).queryByText(en.noOpenOrders)).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: en.cancelOrder }));
    await waitFor(() => expect(posts(trading.spotConditionalCancel.path)).toHaveLength(1));
    expect(posts(trading.spotConditionalCancel.path)[0]!.body).toEqual({ id: '5' });
  });

  it('the history shows a fired OCO: the leg that fired, the other cancelled, and what its order filled', async () => {
    finished = [{
      ...OCO,
      status: 'triggered',
      frozen: '0',
      triggeredLeg: 'sl',
      legs: [{ ...OCO.legs[0]!, status: 'canceled' }, { ...OCO.legs[1]!, status: 'triggered' }],
      order: { ...SPOT_ORDER, id: '90', side: 'sell', status: 'completed', quantity: '0.01', doneQuantity: '0.01', price: '59900', averagePrice: '59950' },
    }];
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const lists = await screen.findByTestId('lists-spot');
    await user.click(within(lists).getByTestId('list-tab-history'));
    const row = await within(lists).findByTestId('conditional-row');
    expect(row).toHaveAttribute('data-status', 'triggered');
    expect(within(row).getByTestId('conditional-leg-tp')).toHaveTextContent(en.statusCanceled);
    expect(within(row).getByTestId('conditional-leg-sl')).toHaveTextContent(en.statusTriggered);
    expect(within(row).getByTestId('conditional-fill')).toHaveTextContent('0.01000 BTC @ 59,950.00');
    expect(within(row).queryByRole('button', { name: en.cancelOrder })).not.toBeInTheDocument();
  });
});
