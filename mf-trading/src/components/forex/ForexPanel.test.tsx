import { estimate, forex, market, perpetual, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { translations } from '../../all-texts';
import { ok, page, POSITION, QUOTE, recordServer, renderTradeApp, TERMS } from '../../testing/trade-fixtures';

/* The Forex tab against a recorded HTTP adapter and a manual socket hub: lots, the receipt's numbers, the hours notice. */

jest.setTimeout(30_000);

const en = translations.en;
// Sunday 2026-11-29 17:00 New York = 22:00 UTC
const NEXT_OPEN = Date.UTC(2026, 10, 29, 22, 0);

let open: boolean;
const PAIRS = [
  { ...QUOTE, symbol: 'AUDCAD', category: 'FOREX', unit: 'CAD', bid: '0.9120', ask: '0.9122', price: '0.9121', priceDecimals: 10 },
  { ...QUOTE, symbol: 'EURUSD', category: 'FOREX', unit: 'USD', bid: '1.0800', ask: '1.0801', price: '1.08005', priceDecimals: 10 },
];
const TIERS = [
  { maxNotional: '200000', rate: '0.005' },
  { maxNotional: '1000000', rate: '0.0075' },
  { maxNotional: null, rate: '0.01' },
];
const config = (symbol: string) => ({
  symbol,
  contractSize: '100000',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  pipSize: '0.0001',
  priceDecimals: 5,
  leverages: [1, 10, 20, 50, 100],
  maintenanceTiers: TIERS,
  makerFeeRate: '0.00002',
  takerFeeRate: '0.00003',
  fundingRate: '0.00002',
  fundingIntervalHours: 24,
  quoteCurrency: symbol.slice(3),
  quoteRate: symbol === 'AUDCAD' ? '0.8' : '1',
  pipValuePerLot: symbol === 'AUDCAD' ? '8' : '10',
  tradingTime: { open, nextOpen: open ? null : NEXT_OPEN, nextClose: NEXT_OPEN },
});
const FX_POSITION = { ...POSITION, id: '9', symbol: 'AUDCAD', quantity: '1000', lots: '0.01', entryPrice: '0.9126000001', markPrice: '0.91251', liquidationPrice: '0.90802', priceDecimals: 5, quoteCurrency: 'CAD', quoteRate: '0.8' };

let openPosition: typeof FX_POSITION;
/** What forex/contract/estimate answers (undefined: no answer, the receipt keeps its own figures). */
let fxEstimate: Record<string, unknown> | undefined;

const server = recordServer(({ url, params, body }) => {
  if (url === market.price.path) return ok(params?.symbol ? (PAIRS.find((q) => q.symbol === params.symbol) ?? QUOTE) : [QUOTE, ...PAIRS]);
  if (url === market.byType.path) return ok(PAIRS);
  if (url === forex.config.path) return ok(config(String(params?.symbol)));
  if (url === market.checkTradingTime.path) return ok({ open, nextOpen: open ? null : NEXT_OPEN, nextClose: NEXT_OPEN });
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  if (url === wallet.list.path)
    return ok({
      totalUsdt: '1300',
      wallets: [
        { wallet: 'platform', accountType: 1, totalUsdt: '300', assets: [{ asset: 'USDT', name: 'Tether', available: '300', frozen: '0', balance: '300', valueUsdt: '300' }] },
        { wallet: 'contract', accountType: 3, totalUsdt: '1000', assets: [{ asset: 'USDT', name: 'Tether', available: '1000', frozen: '0', balance: '1000', valueUsdt: '1000' }] },
      ],
    });
  if (url === wallet.transfer.path) return ok({ id: '5', fromWallet: body.fromWallet, toWallet: body.toWallet, asset: body.asset, amount: body.amount, createdAt: '2026-01-01T00:00:00.000Z' });
  if (url === forex.getContractList.path)
    return page(params?.status === 'history' ? [{ ...FX_POSITION, id: '8', lots: '0.5', realisedPnl: '200', closeTime: '2026-11-20T10:00:00.000Z' }] : [openPosition]);
  if (url === forex.create.path) return ok({ order: {}, position: body.type && body.type !== 'market' ? null : { ...FX_POSITION, entryPrice: '0.9126', lots: body.lots } });
  if (url === perpetual.openList.path) return ok([]);
  if (url === estimate.forex.path && fxEstimate) return ok(fxEstimate);
  if (url === perpetual.closePosition.path) return ok({ ...openPosition, closePrice: '0.912512345', status: 'closed' });
  return undefined;
});

beforeEach(() => {
  open = true;
  openPosition = FX_POSITION;
  fxEstimate = undefined;
});

const renderForex = (url = '/pages/trade-margin/index?tab=forex') => renderTradeApp(url);

async function ready() {
  const form = await screen.findByTestId('forex-form');
  // the stream's quote replaces the list's
  await waitFor(() => expect(server.hub.listenerCount('forex')).toBeGreaterThan(0));
  act(() => server.hub.emitForex([{ symbol: 'AUDCAD', bid: '0.9124', ask: '0.9126', price: '0.9125' }]));
  await waitFor(() => expect(screen.getByTestId('forex-bid')).toHaveTextContent('0.91240'));
  await waitFor(() => expect(within(form).getByTestId('forex-available')).toHaveTextContent('1,000.00 USDT'));
  return form;
}

describe('the Forex tab', () => {
  it('opens on AUDCAD with the live bid/ask, and keeps the pair chosen in last_forex_object', async () => {
    const { user } = renderForex();
    await ready();
    expect(screen.getByTestId('forex-pair')).toHaveValue('AUDCAD');
    // in the pair's decimals from its config (5), not the catalogue's 10
    expect(screen.getByTestId('forex-bid')).toHaveTextContent(/^0\.91240$/);
    expect(screen.getByTestId('forex-ask')).toHaveTextContent(/^0\.91260$/);
    await waitFor(() => expect(within(screen.getByTestId('forex-pair')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('forex-pair'), 'EURUSD');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('last_forex_object') ?? '{}')).toMatchObject({ symbol: 'EURUSD' }));
    await waitFor(() => expect(server.calls.some((c) => c.url === forex.config.path && c.params?.symbol === 'EURUSD')).toBe(true));
  });

  it('a forex pair linked from the quote list (?symbol=) opens the tab on that pair', async () => {
    renderForex('/pages/trade-margin/index?symbol=EURUSD&tab=forex');
    await waitFor(() => expect(screen.getByTestId('forex-pair')).toHaveValue('EURUSD'));
    await waitFor(() => expect(server.calls.some((c) => c.url === forex.config.path && c.params?.symbol === 'EURUSD')).toBe(true));
  });

  it('Transfer beside Available: from the platform wallet into the contract wallet forex trades from, all it holds', async () => {
    const { user } = renderForex();
    const form = await ready();
    await user.click(await within(form).findByRole('button', { name: en.fundTransfer }));
    const sheet = await screen.findByTestId('fund-transfer-sheet');
    expect(within(sheet).getByTestId('fund-to')).toHaveAttribute('data-wallet', 'contract');
    expect(within(sheet).getByLabelText('Amount (USDT)')).toHaveValue('300');
    await user.click(within(sheet).getByRole('button', { name: en.fundTransferConfirm }));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST' && c.url === wallet.transfer.path)).toHaveLength(1));
    expect(server.calls.find((c) => c.url === wallet.transfer.path)!.body).toMatchObject({ fromWallet: 'platform', toWallet: 'contract', amount: '300' });
  });

  it('validates lots: required, 0.01 steps, at most 50; nothing is sent', async () => {
    const { user } = renderForex();
    const form = await ready();
    const lots = within(form).getByLabelText(en.forexLots);
    await user.click(within(form).getByTestId('forex-submit'));
    expect(lots).toHaveAccessibleDescription(expect.stringContaining(en.sizeRequired));
    expect(lots).toHaveFocus();
    await user.type(lots, '0.015');
    expect(lots).toHaveAccessibleDescription(expect.stringContaining(en.invalidSize));
    await user.clear(lots);
    await user.type(lots, '51');
    expect(lots).toHaveAccessibleDescription(expect.stringContaining(en.sizeAboveMax));
    await user.click(within(form).getByTestId('forex-submit'));
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST' && c.url === forex.create.path)).toHaveLength(0);
  });

  it('the perpetual form’s look: green Long / red Short, leverage chips, the submit saying side and leverage', async () => {
    const { user } = renderForex();
    const form = await ready();
    expect(within(form).getByTestId('side-buy')).toHaveAttribute('aria-pressed', 'true');
    expect(within(form).getByTestId('forex-submit')).toHaveTextContent('Open long 10×');
    expect(within(form).getByTestId('forex-submit').className).toMatch(/submitBuy/);
    await user.click(within(form).getByTestId('side-sell'));
    await user.selectOptions(within(form).getByLabelText(en.leverageLabel), '50');
    expect(within(form).getByTestId('forex-submit')).toHaveTextContent('Open short 50×');
    expect(within(form).getByTestId('forex-submit').className).toMatch(/submitSell/);
  });

  it('the receipt of 1 lot AUDCAD long at 0.9126, rate 0.8, 100×, with the liquidation price, then the order in lots', async () => {
    const { user } = renderForex();
    const form = await ready();
    await user.selectOptions(within(form).getByLabelText(en.leverageLabel), '100');
    await user.type(within(form).getByLabelText(en.forexLots), '1');
    await user.click(within(form).getByTestId('forex-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    // notional 0.9126 × 100,000 × 0.8 = 73,008; margin 730.08; fee 0.003 % = 2.19024; cost 732.27024;
    // liquidation (73,008 − 730.08) / (80,000 × 0.995) ↑ 0.90802, |0.9125 − 0.90802| / 0.9125 ↓ 0.49 %
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent(/^0\.91260$/);
    expect(within(receipt).getByTestId('receipt-quantity')).toHaveTextContent('1 lots (100,000 AUD)');
    expect(within(receipt).getByTestId('receipt-quote-rate')).toHaveTextContent('1 CAD = 0.800000 USDT');
    expect(within(receipt).getByTestId('receipt-notional')).toHaveTextContent('73,008.00 USDT');
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent('730.08 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('2.1902 USDT');
    expect(within(receipt).getByTestId('receipt-cost')).toHaveTextContent('732.28 USDT');
    expect(within(receipt).getByTestId('receipt-liquidation')).toHaveTextContent(`${en.noLiquidation} → 0.90802`);
    expect(within(receipt).getByTestId('receipt-distance')).toHaveTextContent('0.49%');
    expect(within(receipt).getByTestId('receipt-pip-value')).toHaveTextContent(/^8\.00000 USDT$/);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST' && c.url === forex.create.path)).toHaveLength(1));
    const sent = server.calls.find((c) => c.url === forex.create.path)?.body;
    expect(sent).toMatchObject({ symbol: 'AUDCAD', side: 'long', lots: '1', leverage: 100, takeProfit: null, stopLoss: null });
    expect(String(sent?.requestId)).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText('AUDCAD position opened at 0.91260')).toBeInTheDocument();
  });

  it('the receipt shows the server’s estimate once it answers: its margin, fee, liquidation, rate and pip value', async () => {
    fxEstimate = {
      symbol: 'AUDCAD', side: 'long', type: 'market', quantity: '100000', fillNow: { quantity: '100000', price: '0.91265' }, rest: null, expectedPrice: '0.91265',
      notional: '73012', margin: '730.12', fee: '2.19036', cost: '732.31036', available: '1000', enough: true, markPrice: '0.9125',
      liquidationBefore: null, liquidationAfter: '0.90807', distanceToLiquidation: '0.48', quoteRate: '0.8001', takerFeeRate: '0.00003', makerFeeRate: '0.00002',
      lots: '1', quoteCurrency: 'CAD', pipValue: '8.001',
    };
    const { user } = renderForex();
    const form = await ready();
    await user.selectOptions(within(form).getByLabelText(en.leverageLabel), '100');
    await user.type(within(form).getByLabelText(en.forexLots), '1');
    await user.click(within(form).getByTestId('forex-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    await waitFor(() => expect(within(receipt).getByTestId('receipt-facts')).toHaveAttribute('data-estimate', 'server'));
    expect(server.calls.find((c) => c.url === estimate.forex.path)).toMatchObject({ method: 'GET', params: { symbol: 'AUDCAD', side: 'long', lots: '1', leverage: 100 } });
    expect(within(receipt).getByTestId('receipt-price')).toHaveTextContent(/^0\.91265$/);
    expect(within(receipt).getByTestId('receipt-margin')).toHaveTextContent('730.12 USDT');
    expect(within(receipt).getByTestId('receipt-fee')).toHaveTextContent('2.1904 USDT');
    expect(within(receipt).getByTestId('receipt-liquidation')).toHaveTextContent(`${en.noLiquidation} → 0.90807`);
    expect(within(receipt).getByTestId('receipt-quote-rate')).toHaveTextContent('1 CAD = 0.800100 USDT');
    expect(within(receipt).getByTestId('receipt-pip-value')).toHaveTextContent(/^8\.00100 USDT$/);
  });

  it('a stop-limit in lots: the receipt explains it, forex.create gets the perpetual order-type fields, "Order placed" without a position', async () => {
    const { user } = renderForex();
    const form = await ready();
    await user.selectOptions(within(form).getByLabelText(en.leverageLabel), '100');
    await user.click(within(form).getByTestId('forex-kind-limit'));
    await user.selectOptions(within(form).getByLabelText(en.conditionLabel), 'stop');
    await user.type(within(form).getByLabelText('Trigger price (CAD)'), '0.9130');
    await user.type(within(form).getByLabelText('Price (CAD)'), '0.9132');
    await user.selectOptions(within(form).getByLabelText(en.timeInForceLabel), 'IOC');
    await user.type(within(form).getByLabelText(en.forexLots), '1');
    await user.click(within(form).getByTestId('forex-submit'));
    const receipt = await screen.findByTestId('trade-receipt');
    expect(within(receipt).getByTestId('receipt-type')).toHaveTextContent(/^Stop limit · /);
    expect(within(receipt).getByTestId('receipt-order-type')).toHaveTextContent('When the mark price rises to 0.91300, a limit order at 0.91320 is placed.');
    expect(within(receipt).getByTestId('receipt-order-type')).toHaveTextContent(en.explainIoc);
    await user.click(within(receipt).getByTestId('receipt-confirm'));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST' && c.url === forex.create.path)).toHaveLength(1));
    const sent = server.calls.find((c) => c.url === forex.create.path)?.body;
    expect(sent).toMatchObject({ symbol: 'AUDCAD', side: 'long', lots: '1', type: 'stop_limit', price: '0.9132', triggerPrice: '0.9130', triggerSource: 'mark', timeInForce: 'IOC' });
    expect(await screen.findByText(en.orderPlacedToast)).toBeInTheDocument();
  });

  it('the list tabs say how many rows each holds', async () => {
    renderForex();
    const lists = await screen.findByTestId('lists-forex');
    expect(await within(lists).findByRole('tab', { name: `${en.tabPositions} (1)` })).toBeInTheDocument();
    expect(await within(lists).findByRole('tab', { name: `${en.tabHistory} (1)` })).toBeInTheDocument();
  });

  it('lists the forex positions with the perpetual row actions', async () => {
    renderForex();
    const lists = await screen.findByTestId('lists-forex');
    const row = await within(lists).findByTestId('position-row');
    expect(within(row).getByText('AUDCAD')).toBeInTheDocument();
    // lots with the units beside them, prices in the pair's decimals
    expect(within(row).getByText('0.01 lots (1,000 AUD)')).toBeInTheDocument();
    expect(within(row).getByText('0.91260')).toBeInTheDocument();
    expect(within(row).getByText('0.90802')).toBeInTheDocument();
    for (const id of ['close-position', 'reverse-position', 'tpsl-position']) expect(within(row).getByTestId(id)).toBeInTheDocument();
    await userEvent.setup().click(within(lists).getByRole('tab', { name: new RegExp(`^${en.tabHistory}`) }));
    const closed = await within(lists).findByTestId('forex-history-row');
    expect(closed).toHaveTextContent('0.5 lots · +200.00 USDT · 2026-11-20 10:00:00.000 UTC');
    expect(server.calls.some((c) => c.url === forex.getContractList.path && c.params?.status === 'history')).toBe(true);
  });

  it('closes part of a position in lots: the dialog speaks lots, the server gets units', async () => {
    openPosition = { ...FX_POSITION, quantity: '50000', lots: '0.5' };
    renderForex();
    const user = userEvent.setup();
    const row = await within(await screen.findByTestId('lists-forex')).findByTestId('position-row');
    await user.click(within(row).getByTestId('close-position'));
    const dialog = await screen.findByTestId('close-dialog');
    const field = within(dialog).getByLabelText(en.forexCloseLotsLabel);
    expect(field).toHaveValue('0.5');
    expect(dialog).toHaveTextContent('Position: 0.5 lots');
    await user.click(within(dialog).getByTestId('close-50'));
    expect(field).toHaveValue('0.25');
    await user.click(within(dialog).getByTestId('close-confirm'));
    await waitFor(() => expect(server.calls.some((c) => c.url === perpetual.closePosition.path)).toBe(true));
    const sent = server.calls.find((c) => c.url === perpetual.closePosition.path)!;
    expect(sent.body).toMatchObject({ positionId: '9', quantity: '25000' });
    // the toast's price in the pair's 5 decimals, not the catalogue's 10
    expect(await screen.findByTestId('toast')).toHaveTextContent(/^Position closed at 0\.91251$/);
  });

  it('desktop: the chart beside the form, the forex lists across the bottom', async () => {
    renderForex('/pages/desktop/trade?tab=forex');
    const grid = await screen.findByTestId('trade-desktop');
    expect(await within(grid).findByTestId('forex-form')).toBeInTheDocument();
    expect(within(grid).getAllByTestId('lists-forex')).toHaveLength(1);
    expect(within(grid).getByRole('tab', { name: en.tabForex })).toHaveAttribute('aria-selected', 'true');
    // the positions as a column table: the size in lots, prices at the pair's decimals
    const table = await within(grid).findByRole('table', { name: en.tabPositions });
    const row = await within(table).findByTestId('position-row');
    expect(within(row).getByText('0.01 lots (1,000 AUD)')).toBeInTheDocument();
    expect(within(row).getByText('0.90802')).toBeInTheDocument();
  });

  it('desktop: the same symbol bar as spot and perpetual, for the pair; its switcher lists pairs only and sets the pair', async () => {
    const { user } = renderForex('/pages/desktop/trade?tab=forex');
    const grid = await screen.findByTestId('trade-desktop');
    const bar = await within(grid).findByTestId('symbol-bar');
    expect(within(bar).getByTestId('trade-symbol')).toHaveTextContent('AUDCAD');
    await waitFor(() => expect(within(bar).getByTestId('trade-last')).toHaveTextContent('0.9121'));
    await user.click(within(bar).getByTestId('trade-symbol'));
    const picker = await screen.findByTestId('symbol-picker');
    await within(picker).findByTestId('pick-EURUSD');
    expect(within(picker).queryByTestId(`pick-${QUOTE.symbol}`)).toBeNull();
    await user.click(within(picker).getByTestId('pick-EURUSD'));
    await waitFor(() => expect(screen.getByTestId('forex-pair')).toHaveValue('EURUSD'));
    await waitFor(() => expect(within(screen.getByTestId('symbol-bar')).getByTestId('trade-symbol')).toHaveTextContent('EURUSD'));
  });

  it('a closed market: the Trading Hours Notice with the next opening in the user’s and New York time', async () => {
    open = false;
    const { user } = renderForex();
    const form = await ready();
    expect(within(form).getByTestId('forex-closed')).toHaveTextContent('AUDCAD cannot be traded now');
    // the notice is the answer even with the lots still empty: no field is flagged behind it
    await user.click(within(form).getByTestId('forex-submit'));
    expect(within(form).getByLabelText(en.forexLots)).not.toHaveAttribute('aria-invalid');
    const notice = await screen.findByTestId('trading-hours-notice');
    expect(notice).toHaveTextContent(en.tradingHoursTitle);
    await waitFor(() => expect(within(notice).getByTestId('next-open-new-york')).toHaveTextContent(/11\/29\/2026.*05:00\sPM/));
    expect(within(notice).getByTestId('next-open-local')).toBeInTheDocument();
    expect(screen.queryByTestId('trade-receipt')).not.toBeInTheDocument();
  });
});
