import { estimate, market, perpetual, trading, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import type { PerpEstimate, SpotEstimate } from '../../api/trading';
import { ok, page, QUOTE, recordServer, renderTradeApp, TERMS } from '../../testing/trade-fixtures';

/*
 * The perpetual receipt shows the server's estimate (contract/estimate: the engine's own walk, margin, fee and
 * liquidation prices) once it answers, in place of the figures the screen computes from the streamed quote.
 */

jest.setTimeout(30_000);

const en = translations.en;

// deliberately unlike what the screen computes from the quote (ask 64,000 without a book: margin 640, fee 3.20)
const ESTIMATE: PerpEstimate = {
  symbol: 'BTCUSDT',
  side: 'long',
  type: 'market',
  quantity: '0.1',
  fillNow: { quantity: '0.1', price: '64123.45' },
  rest: null,
  expectedPrice: '64123.45',
  notional: '6412.345',
  margin: '641.2345',
  fee: '3.206173',
  cost: '644.440673',
  available: '1000',
  enough: true,
  markPrice: '64021.5',
  liquidationBefore: '50000.12',
  liquidationAfter: '58000.34',
  distanceToLiquidation: '9.4',
  quoteRate: '1',
  takerFeeRate: '0.0005',
  makerFeeRate: '0.0002',
};

const SPOT_ESTIMATE: SpotEstimate = {
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'limit',
  quantity: '0.01',
  fillNow: { quantity: '0.01', price: '60050.00', value: '600.5' },
  rest: null,
  expectedPrice: '60050.00',
  value: '600.5',
  fee: '0.00003',
  feeAsset: 'BTC',
  receive: '0.00997',
  receiveAsset: 'BTC',
  cost: '600',
  costAsset: 'USDT',
  available: '1000',
  enough: true,
  takerFeeRate: '0.0005',
  makerFeeRate: '0.0002',
};

let answer: PerpEstimate | undefined;
let spotAnswer: SpotEstimate | undefined;
const server = recordServer(({ url }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  if (url === perpetual.openList.path || url === perpetual.limitList.path) return ok([]);
  if (url === perpetual.closeList.path) return page([]);
  if (url === estimate.perpetual.path && answer) return ok(answer);
  if (url === estimate.spot.path && spotAnswer) return ok(spotAnswer);
  if (url === trading.spotList.path || url === trading.spotHistory.path) return page([]);
  if (url === trading.spotHoldings.path) return ok([]);
  return undefined;
});

beforeEach(() => {
  answer = ESTIMATE;
  spotAnswer = SPOT_ESTIMATE;
});

async function openReceipt() {
  const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
  const form = await screen.findByTestId(/^order-form-/);
  await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
  await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
  await user.click(within(form).getByRole('button', { name: en.orderMarket }));
  await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.1');
  await user.click(within(form).getByTestId('order-submit'));
  return screen.findByTestId('trade-receipt');
}

describe('the perpetual receipt’s figures come from the server’s estimate', () => {
  it('asks contract/estimate with the order and shows its price, fee, margin, cost, mark and liquidation before → after', async () => {
    const receipt = await openReceipt();
    await waitFor(() => expect(within(receipt).getByTestId('receipt-facts')).toHaveAttribute('data-estimate', 'server'));
    const asked = server.calls.filter((call) => call.url === estimate.perpetual.path);
    expect(asked[0]).toMatchObject({ method: 'GET', params: { symbol: 'BTCUSDT', side: 'long', type: 'market', quantity: '0.1', leverage: 10 } });
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent('64,123.45');
    expect(within(receipt).getByTestId('receipt-notional')).toHaveTextContent('6,412.35 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('3.2062 USDT');
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent('641.24 USDT');
    expect(within(receipt).getByTestId('receipt-cost')).toHaveTextContent('644.45 USDT');
    expect(within(receipt).getByTestId('receipt-mark')).toHaveTextContent('64,021.50');
    expect(within(receipt).getByTestId('receipt-liquidation')).toHaveTextContent('50,000.12 → 58,000.34');
    expect(within(receipt).getByTestId('receipt-distance')).toHaveTextContent('9.40%');
  });

  it('says the balance falls short when the server says so', async () => {
    answer = { ...ESTIMATE, enough: false };
    const receipt = await openReceipt();
    await waitFor(() => expect(within(receipt).getByTestId('receipt-facts')).toHaveAttribute('data-estimate', 'server'));
    expect(within(receipt).getByText(en.marginAboveAvailable)).toBeInTheDocument();
  });

  it('without an answer the receipt keeps the figures computed on the screen', async () => {
    answer = undefined;
    const receipt = await openReceipt();
    await waitFor(() => expect(server.calls.some((call) => call.url === estimate.perpetual.path)).toBe(true));
    expect(within(receipt).getByTestId('receipt-facts')).toHaveAttribute('data-estimate', 'local');
    // 0.1 at the quote's ask 64,000 (no book streamed): margin 640, fee 3.20
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent('640.00 USDT');
  });
});

describe('the spot receipt’s figures come from the server’s estimate', () => {
  it('asks contract-spot/estimate with the order and shows its value, fee and what is received', async () => {
    const { user } = renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT');
    const form = await screen.findByTestId(/^order-form-/);
    await waitFor(() => expect(within(form).getByTestId('order-submit')).toBeEnabled());
    await waitFor(() => expect(within(form).getByTestId('order-available')).not.toHaveTextContent('…'));
    await user.type(within(form).getByLabelText('Price (USDT)'), '60000');
    await user.type(within(form).getByLabelText('Quantity (BTC)'), '0.01');
    await user.click(within(form).getByTestId('order-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    await waitFor(() => expect(within(receipt).getByTestId('receipt-facts')).toHaveAttribute('data-estimate', 'server'));
    expect(server.calls.find((call) => call.url === estimate.spot.path)).toMatchObject({ method: 'GET', params: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '60000', quantity: '0.01' } });
    // unlike the screen's own figures for a resting limit (60,000, 600.00 USDT, a maker fee under 0.00001 BTC)
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent('60,050.00');
    expect(within(receipt).getByTestId('receipt-value')).toHaveTextContent('600.50 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('0.00003 BTC');
    expect(within(receipt).getByTestId('receipt-receive')).toHaveTextContent('≈ 0.00997 BTC');
  });
});
