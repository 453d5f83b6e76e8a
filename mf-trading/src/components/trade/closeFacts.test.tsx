import { perpetual } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, installSocketHub, tokenAtom, userInfoAtom } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import type { Position, PositionDetail } from '../../api/trading';
import { POSITION } from '../../testing/trade-fixtures';

/*
 * How a position closed, on screen: the close type and close time of each closed position in the history list, and
 * of each closing fill (a part or the whole) on the detail screen, in the user's language.
 */

jest.setTimeout(30_000);

const CLOSED: Position = { ...POSITION, status: 'closed', closeType: 'stop_loss', closePrice: '63000', closeTime: '2025-01-02T03:04:05.678Z' };
const EVIDENCE = { symbol: 'BTCUSDT', feedTime: '2025-01-01T00:00:00.000Z', bid: '63990', ask: '64000', last: '63995', source: 'simulated' as const, sideUsed: 'ask' as const, levels: [] };
const fill = (id: string, kind: 'open' | 'close' | 'take_profit', closeType: 'manual' | 'take_profit' | null, createdAt: string) => ({
  id,
  orderId: kind === 'open' ? '40' : null,
  kind,
  side: 'long' as const,
  quantity: '0.05',
  price: '64000',
  fee: '1.6',
  realisedPnl: kind === 'open' ? '0' : '12.5',
  closeType,
  evidence: EVIDENCE,
  receiptHash: 'a'.repeat(64),
  createdAt,
});
const DETAIL: PositionDetail = {
  position: { ...CLOSED, closeType: 'take_profit' },
  fills: [
    fill('1', 'open', null, '2025-01-01T00:00:00.000Z'),
    fill('2', 'close', 'manual', '2025-01-01T10:00:00.123Z'),
    fill('3', 'take_profit', 'take_profit', '2025-01-02T03:04:05.678Z'),
  ],
  funding: [],
  liquidation: null,
};

const defaultAdapter = http.defaults.adapter;
let uninstall: () => void;
beforeEach(() => {
  const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
    const data = config.url === perpetual.closeList.path ? { total: 1, page: 1, size: 20, list: [CLOSED] } : config.url === perpetual.detail.path ? DETAIL : undefined;
    // every other call of the screens stays pending: only the lists under test answer
    if (data === undefined) return new Promise(() => {});
    return Promise.resolve({ data: { code: 0, msg: 'success', data }, status: 200, statusText: 'OK', headers: {}, config });
  };
  http.defaults.adapter = adapter;
  uninstall = installSocketHub(createManualSocketHub());
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
});

function renderAt(url: string, language = 'en') {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', kycStatus: 'verified' });
  renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
  return userEvent.setup();
}

/** The term → description pairs of a fact list, in order. */
const facts = (root: HTMLElement) => within(root).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('close type and close time', () => {
  it.each([
    ['en', 'Close type', 'Stop-loss', 'Close time'],
    ['ge', 'Schließungsart', 'Stop-Loss', 'Schließzeit'],
  ])('a closed position in the history list says how and when it closed (%s)', async (language, typeLabel, type, timeLabel) => {
    const user = renderAt('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp', language);
    await user.click(await screen.findByTestId('list-tab-history'));
    const row = await screen.findByTestId('closed-position-row');
    expect(row).toHaveAttribute('data-close-type', 'stop_loss');
    expect(facts(row).slice(0, 2)).toEqual([
      [typeLabel, type],
      [timeLabel, '2025-01-02 03:04:05.678 UTC'],
    ]);
  });

  it('each closing fill on the history detail says how and when it closed; the opening fill what it was', async () => {
    renderAt('/pages/trade-margin/perpetual-contract/history-detail?positionId=41');
    const rows = await screen.findAllByTestId('position-fill');
    expect(rows.map((row) => row.getAttribute('data-close-type'))).toEqual(['', 'manual', 'take_profit']);
    const first = (row: HTMLElement) => facts(row)[0];
    const last = (row: HTMLElement) => facts(row).at(-1);
    expect([first(rows[0]!), last(rows[0]!)]).toEqual([
      ['Fill', 'Open'],
      ['Time', '2025-01-01 00:00:00.000 UTC'],
    ]);
    expect([first(rows[1]!), last(rows[1]!)]).toEqual([
      ['Close type', 'Manual close'],
      ['Close time', '2025-01-01 10:00:00.123 UTC'],
    ]);
    expect([first(rows[2]!), last(rows[2]!)]).toEqual([
      ['Close type', 'Take-profit'],
      ['Close time', '2025-01-02 03:04:05.678 UTC'],
    ]);
    // and the position's own close type and time
    const position = facts(screen.getByTestId('position-facts'));
    expect(position).toContainEqual(['Close type', 'Take-profit']);
    expect(position).toContainEqual(['Close time', '2025-01-02 03:04:05.678 UTC']);
  });
});
