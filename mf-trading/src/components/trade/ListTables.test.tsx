import { market, perpetual, trading, wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { translations } from '../../all-texts';
import { ok, page, PERP_ORDER, POSITION, QUOTE, recordServer, renderTradeApp, SPOT_ORDER, TERMS } from '../../testing/trade-fixtures';

/* The desktop trade grid's lists as column tables (the phone keeps its cards): headers, figures, actions. */

jest.setTimeout(30_000);

const en = translations.en;
const ge = translations.ge;

recordServer(({ url }) => {
  if (url === market.price.path) return ok(QUOTE);
  if (url === trading.config.path) return ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  if (url === wallet.validAsset.path) return ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  if (url === perpetual.openList.path) return ok([{ ...POSITION, takeProfit: '70000', stopLoss: '60000', adlRank: 3 }]);
  if (url === perpetual.limitList.path) return ok([PERP_ORDER, STOP_ORDER]);
  if (url === perpetual.closeList.path) return page([{ ...POSITION, id: '39', status: 'closed', closeType: 'manual', closePrice: '65000.5', closeTime: '2025-01-02T00:00:00.000Z', realisedPnl: '99.5' }]);
  if (url === trading.spotList.path) return page([SPOT_ORDER]);
  if (url === trading.spotHistory.path) return page([]);
  if (url === trading.spotHoldings.path) return ok([]);
  return undefined;
});

/** A waiting reduce-only stop-limit: its type cell states the trigger, what it watches, the time in force and flag. */
const STOP_ORDER = { ...PERP_ORDER, id: '53', type: 'stop_limit' as const, triggerPrice: '67000', triggerSource: 'last' as const, timeInForce: 'IOC' as const, reduceOnly: true };

const headers = (table: HTMLElement) => within(table).getAllByRole('columnheader').map((th) => th.textContent);

describe('desktop list tables', () => {
  it('positions: a table with a header per column, each figure by the shared formatters, right-aligned, with the row actions', async () => {
    renderTradeApp('/pages/desktop/trade?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    const table = await within(lists).findByRole('table', { name: en.tabPositions });
    expect(headers(table)).toEqual([en.colSymbol, en.colSide, en.colQuantity, en.colEntry, en.colMark, en.colLiquidation, en.colMargin, en.colUnrealisedRoe, en.colTpSl, en.colAdl, en.colActions]);
    const row = within(table).getByTestId('position-row');
    const cells = within(row).getAllByRole('cell');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('BTCUSDT');
    expect(cells.map((cell) => cell.textContent)).toEqual(expect.arrayContaining(['0.10000', '64,000.00', '57,934.68', '640.00 USDT', '70,000.00 / 60,000.00']));
    expect(within(row).getByText('64,000.00')).toHaveClass('num');
    expect(within(row).getByTestId('position-pnl')).toHaveTextContent('(+0.31%)');
    for (const id of ['close-position', 'reverse-position', 'tpsl-position']) expect(within(row).getByTestId(id)).toBeInTheDocument();
    const adl = within(row).getByTestId('adl-indicator');
    expect(adl).toHaveAttribute('aria-label', en.adlRankLabel.replace('{{rank}}', '3'));
    expect(adl.querySelectorAll('[data-lit="true"]')).toHaveLength(3);
  });

  it('in German: the headers translated and the figures grouped the German way', async () => {
    renderTradeApp('/pages/desktop/trade?symbol=BTCUSDT&tab=perp', { language: 'ge' });
    const table = await within(await screen.findByTestId('lists-perp')).findByRole('table', { name: ge.tabPositions });
    expect(headers(table)).toContain(ge.colUnrealisedRoe);
    const row = within(table).getByTestId('position-row');
    expect(within(row).getByText('64.000,00')).toBeInTheDocument();
    expect(within(row).getByText('640,00 USDT')).toBeInTheDocument();
  });

  it('perpetual open orders and history: their columns and figures, the cancel in the row', async () => {
    const { user } = renderTradeApp('/pages/desktop/trade?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    await user.click(within(lists).getByTestId('list-tab-orders'));
    const orders = await within(lists).findByRole('table', { name: en.tabOpenOrders });
    expect(headers(orders)).toEqual([en.colTime, en.colSymbol, en.colType, en.colSide, en.colPrice, en.colQuantity, en.colMargin, en.colTpSl, en.colStatus, en.colActions]);
    const order = within(orders).getAllByTestId('perp-order-row')[0]!;
    expect(within(order).getByText('66,000.00')).toHaveClass('num');
    expect(within(order).getByText('2,640.00 USDT')).toBeInTheDocument();
    expect(within(order).getByTestId('cancel-perp-order')).toBeInTheDocument();
    const stop = within(orders).getAllByTestId('perp-order-row')[1]!;
    expect(within(stop).getByTestId('perp-order-type')).toHaveTextContent(new RegExp(`^${en.orderStopLimit} · `));
    expect(within(stop).getByText(`${en.colTrigger}: 67,000.00 (${en.sourceLast})`)).toBeInTheDocument();
    expect(within(stop).getByText(`${en.colTimeInForce}: IOC`)).toBeInTheDocument();
    expect(within(stop).getByText(`${en.colFlags}: ${en.flagReduceOnly}`)).toBeInTheDocument();
    await user.click(within(lists).getByTestId('list-tab-history'));
    const history = await within(lists).findByRole('table', { name: en.tabHistory });
    expect(headers(history)).toEqual([en.colCloseTime, en.colSymbol, en.colSide, en.colQuantity, en.colEntry, en.colClosePrice, en.colRealised, en.colCloseType]);
    const closed = within(history).getByTestId('closed-position-row');
    expect(within(closed).getByText('65,000.50')).toBeInTheDocument();
    expect(within(closed).getByRole('link', { name: 'BTCUSDT' })).toHaveAttribute('href', expect.stringContaining('positionId=39'));
  });

  it('an order type’s facts read as the language writes a label and its value (a full-width colon in Japanese, a spaced one in French)', async () => {
    for (const [language, colon] of [['jp', '：'], ['fr', ' : ']] as const) {
      const texts = translations[language];
      const { user, unmount } = renderTradeApp('/pages/desktop/trade?symbol=BTCUSDT&tab=perp', { language });
      const lists = await screen.findByTestId('lists-perp');
      await user.click(within(lists).getByTestId('list-tab-orders'));
      const orders = await within(lists).findByRole('table', { name: texts.tabOpenOrders });
      const stop = within(orders).getAllByTestId('perp-order-row')[1]!;
      expect(within(stop).getByText(`${texts.colTimeInForce}${colon}IOC`)).toBeInTheDocument();
      expect(within(stop).getByText(`${texts.colFlags}${colon}${texts.flagReduceOnly}`)).toBeInTheDocument();
      unmount();
    }
  });

  it('spot open orders: time, type, price, amount, filled, fee, status and the cancel', async () => {
    renderTradeApp('/pages/desktop/trade?symbol=BTCUSDT&tab=spot');
    const lists = await screen.findByTestId('lists-spot');
    const table = await within(lists).findByRole('table', { name: en.tabOpenOrders });
    expect(headers(table)).toEqual([en.colTime, en.colSymbol, en.colType, en.colSide, en.colPrice, en.colAmount, en.colDone, en.colFee, en.colStatus, en.colActions]);
    const row = within(table).getByTestId('spot-order-row');
    expect(within(row).getByText('60,000.00')).toHaveClass('num');
    expect(within(row).getByText('0.01000')).toBeInTheDocument();
    expect(within(row).getByTestId('cancel-spot-order')).toBeInTheDocument();
  });

  it('the phone keeps its cards', async () => {
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    await waitFor(() => expect(within(lists).getByTestId('position-row').tagName).toBe('LI'));
    expect(within(lists).queryByRole('table')).toBeNull();
  });
});
