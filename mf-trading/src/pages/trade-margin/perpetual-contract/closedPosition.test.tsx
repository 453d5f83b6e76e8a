import { perpetual } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import { translations } from '../../../all-texts';
import type { Position, PositionDetail } from '../../../api/trading';
import { ok, POSITION, recordServer, renderTradeApp } from '../../../testing/trade-fixtures';

/*
 * A closed position's page says what is true after the close — the realised P/L with the fees and funding inside
 * it named, entry and exit prices, open and close times — and none of the live fields of an open one.
 */

jest.setTimeout(30_000);

const en = translations.en;

// the server's view of a closed position: its live fields are leftovers (mark at the close, margin 0, unrealised 0)
const CLOSED: Position = {
  ...POSITION,
  status: 'closed',
  quantity: '0.1',
  markPrice: '64500',
  indexPrice: '64490',
  liquidationPrice: null,
  margin: '0',
  marginRatio: '0',
  maintenanceMargin: '0',
  totalValue: '6450',
  unrealisedPnl: '0',
  // 50 − 3.2 (open) − 3.225 (close) − 0.64 (funding paid)
  realisedPnl: '42.935',
  pnlPercent: '6.7',
  closeType: 'manual',
  closePrice: '64500',
  closeTime: '2025-01-02T03:04:05.678Z',
};
const EVIDENCE = { symbol: 'BTCUSDT', feedTime: '2025-01-01T00:00:00.000Z', bid: '63990', ask: '64000', last: '63995', source: 'simulated' as const, sideUsed: 'ask' as const, levels: [] };
const DETAIL: PositionDetail = {
  position: CLOSED,
  fills: [
    { id: '1', orderId: '40', kind: 'open', side: 'long', quantity: '0.1', price: '64000', fee: '3.2', realisedPnl: '0', closeType: null, evidence: EVIDENCE, receiptHash: 'a'.repeat(64), createdAt: '2025-01-01T00:00:00.000Z' },
    { id: '2', orderId: null, kind: 'close', side: 'long', quantity: '0.1', price: '64500', fee: '3.225', realisedPnl: '50', closeType: 'manual', evidence: EVIDENCE, receiptHash: 'b'.repeat(64), createdAt: '2025-01-02T03:04:05.678Z' },
  ],
  funding: [{ id: '7', rate: '0.0001', markPrice: '64000', quantity: '0.1', amount: '-0.64', receiptHash: 'c'.repeat(64), fundedAt: '2025-01-01T08:00:00.000Z' }],
  liquidation: null,
};

let detail: PositionDetail;
beforeEach(() => {
  detail = DETAIL;
});
recordServer(({ url }) => (url === perpetual.detail.path ? ok(detail) : undefined));

/** The term → description pairs of a fact list, in order. */
const facts = (root: HTMLElement) => within(root).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('a closed position’s page', () => {
  it('shows entry and exit, open and close times, the realised P/L with the open fee, close fee and funding inside it', async () => {
    renderTradeApp('/pages/trade-margin/perpetual-contract/history-detail?positionId=41');
    const position = facts(await screen.findByTestId('position-facts'));
    expect(position).toContainEqual([en.colEntry, '64,000.00']);
    expect(position).toContainEqual([en.colExitPrice, '64,500.00']);
    expect(position).toContainEqual([en.colOpened, '2025-01-01 00:00:00.000 UTC']);
    expect(position).toContainEqual([en.colCloseTime, '2025-01-02 03:04:05.678 UTC']);
    const realised = facts(screen.getByTestId('position-realised'));
    expect(realised).toEqual([
      [en.colRealised, '+42.94 USDT'],
      [en.colPnlPercent, '+6.70%'],
      [en.realisedTrading, '+50.00 USDT'],
      [en.realisedOpenFee, '−3.20 USDT'],
      [en.realisedCloseFee, '−3.225 USDT'],
      [en.realisedFunding, '−0.64 USDT'],
    ]);
  });

  it('hides the live fields: no mark, index, liquidation, margin, margin ratio, total value or unrealised P/L', async () => {
    renderTradeApp('/pages/trade-margin/perpetual-contract/history-detail?positionId=41');
    const labels = facts(await screen.findByTestId('position-facts')).map(([label]) => label);
    const realisedLabels = facts(screen.getByTestId('position-realised')).map(([label]) => label);
    for (const live of [en.colMark, en.colIndex, en.colLiquidation, en.colMargin, en.colMarginRatio, en.colMaintenance, en.colTotalValue, en.colUnrealised])
      expect([...labels, ...realisedLabels]).not.toContain(live);
    expect(screen.queryByText('Margin 0')).not.toBeInTheDocument();
  });

  it('an open position keeps its live fields', async () => {
    detail = { ...DETAIL, position: POSITION, fills: DETAIL.fills.slice(0, 1), funding: [] };
    renderTradeApp('/pages/trade-margin/perpetual-contract/position-detail?positionId=41');
    const labels = facts(await screen.findByTestId('position-facts')).map(([label]) => label);
    expect(labels).toEqual(expect.arrayContaining([en.colMark, en.colIndex, en.colMargin, en.colUnrealised]));
    expect(screen.queryByTestId('position-realised')).not.toBeInTheDocument();
  });
});
