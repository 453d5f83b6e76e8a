import { forex, market, perpetual, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { Toaster, http, installSocketHub, tokenAtom, userInfoAtom } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { POSITION, QUOTE, TERMS } from '../../testing/trade-fixtures';

/* The Forex tab against a recorded HTTP adapter and a manual socket hub: lots, the receipt's numbers, the hours notice. */

jest.setTimeout(30_000);

const en = translations.en;
// Sunday 2026-11-29 17:00 New York = 22:00 UTC
const NEXT_OPEN = Date.UTC(2026, 10, 29, 22, 0);

interface Call {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: Record<string, unknown>;
}
let calls: Call[];
let open: boolean;
let hub: ManualSocketHub;
let uninstall: () => void;
const defaultAdapter = http.defaults.adapter;
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });
const page = (list: unknown[]) => ok({ total: list.length, page: 1, size: 20, list });
const PAIRS = [
  { ...QUOTE, symbol: 'AUDCAD', category: 'FOREX', bid: '0.9120', ask: '0.9122', price: '0.9121' },
  { ...QUOTE, symbol: 'EURUSD', category: 'FOREX', bid: '1.0800', ask: '1.0801', price: '1.08005' },
];
const config = (symbol: string) => ({
  symbol,
  contractSize: '100000',
  lotStep: '0.01',
  minLots: '0.01',
  maxLots: '50',
  pipSize: '0.0001',
  leverages: [1, 10, 20, 50, 100],
  makerFeeRate: '0.00002',
  takerFeeRate: '0.00003',
  fundingRate: '0.00002',
  fundingIntervalHours: 24,
  quoteCurrency: symbol.slice(3),
  quoteRate: symbol === 'AUDCAD' ? '0.8' : '1',
  pipValuePerLot: symbol === 'AUDCAD' ? '8' : '10',
  tradingTime: { open, nextOpen: open ? null : NEXT_OPEN, nextClose: NEXT_OPEN },
});

const adapter: AxiosAdapter = async (cfg: InternalAxiosRequestConfig) => {
  const url = cfg.url ?? '';
  const params = cfg.params as Record<string, unknown> | undefined;
  const body = typeof cfg.data === 'string' && cfg.data ? (JSON.parse(cfg.data) as Record<string, unknown>) : {};
  calls.push({ method: (cfg.method ?? 'get').toUpperCase(), url, params, body });
  let reply: unknown;
  if (url === market.price.path) reply = ok(PAIRS.find((q) => q.symbol === params?.symbol) ?? QUOTE);
  else if (url === market.byType.path) reply = ok(PAIRS);
  else if (url === forex.config.path) reply = ok(config(String(params?.symbol)));
  else if (url === market.checkTradingTime.path) reply = ok({ open, nextOpen: open ? null : NEXT_OPEN, nextClose: NEXT_OPEN });
  else if (url === trading.config.path) reply = ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  else if (url === wallet.validAsset.path) reply = ok({ wallet: 'contract', asset: 'USDT', available: '1000' });
  else if (url === forex.getContractList.path)
    reply = page(
      params?.status === 'history'
        ? [{ ...POSITION, id: '8', symbol: 'AUDCAD', lots: '0.5', realisedPnl: '200', closeTime: '2026-11-20T10:00:00.000Z' }]
        : [{ ...POSITION, id: '9', symbol: 'AUDCAD', lots: '1' }],
    );
  else if (url === forex.create.path) reply = ok({ order: {}, position: { ...POSITION, symbol: 'AUDCAD', entryPrice: '0.9126', lots: body.lots } });
  else if (url === perpetual.openList.path) reply = ok([]);
  else reply = { code: 404, msg: `no mock for ${url}`, data: null };
  return { data: reply, status: 200, statusText: 'OK', headers: {}, config: cfg };
};

beforeEach(() => {
  calls = [];
  open = true;
  http.defaults.adapter = adapter;
  localStorage.clear();
  hub = createManualSocketHub();
  uninstall = installSocketHub(hub);
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
});

function renderForex(url = '/pages/trade-margin/index?tab=forex') {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', kycStatus: 'verified' });
  const view = renderWithPlatform(
    <>
      <App />
      <Toaster />
    </>,
    { url, store, translations: { namespace: NS, texts: translations } },
  );
  return { ...view, user: userEvent.setup() };
}

async function ready() {
  const form = await screen.findByTestId('forex-form');
  // the stream's quote replaces the list's
  await waitFor(() => expect(hub.listenerCount('forex')).toBeGreaterThan(0));
  act(() => hub.emitForex([{ symbol: 'AUDCAD', bid: '0.9124', ask: '0.9126' }]));
  await waitFor(() => expect(screen.getByTestId('forex-quote')).toHaveTextContent('0.9124'));
  return form;
}

describe('the Forex tab', () => {
  it('opens on AUDCAD with the live bid/ask, and keeps the pair chosen in last_forex_object', async () => {
    const { user } = renderForex();
    await ready();
    expect(screen.getByTestId('forex-pair')).toHaveValue('AUDCAD');
    expect(screen.getByTestId('forex-quote')).toHaveTextContent(`${en.tickBid} 0.9124 · ${en.tickAsk} 0.9126`);
    await waitFor(() => expect(within(screen.getByTestId('forex-pair')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByTestId('forex-pair'), 'EURUSD');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('last_forex_object') ?? '{}')).toMatchObject({ symbol: 'EURUSD' }));
    await waitFor(() => expect(calls.some((c) => c.url === forex.config.path && c.params?.symbol === 'EURUSD')).toBe(true));
  });

  it('a forex pair linked from the quote list (?symbol=) opens the tab on that pair', async () => {
    renderForex('/pages/trade-margin/index?symbol=EURUSD&tab=forex');
    await waitFor(() => expect(screen.getByTestId('forex-pair')).toHaveValue('EURUSD'));
    await waitFor(() => expect(calls.some((c) => c.url === forex.config.path && c.params?.symbol === 'EURUSD')).toBe(true));
  });

  it('validates lots: required, 0.01 steps, at most 50; nothing is sent', async () => {
    const { user } = renderForex();
    const form = await ready();
    await user.click(within(form).getByTestId('forex-submit'));
    expect(within(form).getByTestId('forex-lots-error')).toHaveTextContent(en.sizeRequired);
    await user.type(within(form).getByTestId('forex-lots'), '0.015');
    expect(within(form).getByTestId('forex-lots-error')).toHaveTextContent(en.invalidSize);
    await user.clear(within(form).getByTestId('forex-lots'));
    await user.type(within(form).getByTestId('forex-lots'), '51');
    expect(within(form).getByTestId('forex-lots-error')).toHaveTextContent(en.sizeAboveMax);
    await user.click(within(form).getByTestId('forex-submit'));
    expect(screen.queryByTestId('forex-receipt')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url === forex.create.path)).toHaveLength(0);
  });

  it('the receipt of 1 lot AUDCAD long at 0.9126, rate 0.8, 100×, then the order in lots', async () => {
    const { user } = renderForex();
    const form = await ready();
    await user.type(within(form).getByTestId('forex-lots'), '1');
    await user.click(within(form).getByTestId('forex-submit'));
    const receipt = await screen.findByTestId('forex-receipt');
    // notional 0.9126 × 100,000 × 0.8 = 73,008; margin 730.08; fee 0.003 % = 2.19024 → 2.20 (up); cost 732.27024 → 732.28
    expect(within(receipt).getByTestId('receipt-forexExpectedPrice')).toHaveTextContent('0.9126');
    expect(within(receipt).getByTestId('receipt-forexQuoteRate')).toHaveTextContent('1 CAD = 0.8 USDT');
    expect(within(receipt).getByTestId('receipt-forexNotional')).toHaveTextContent('73008.00 USDT');
    expect(within(receipt).getByTestId('receipt-colMargin')).toHaveTextContent('730.08 USDT');
    expect(within(receipt).getByTestId('receipt-forexFee')).toHaveTextContent('2.20 USDT');
    expect(within(receipt).getByTestId('receipt-forexCost')).toHaveTextContent('732.28 USDT');
    expect(within(receipt).getByTestId('receipt-forexPipValue')).toHaveTextContent('8 USDT');
    await user.click(within(receipt).getByTestId('forex-confirm'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === forex.create.path)).toHaveLength(1));
    const sent = calls.find((c) => c.url === forex.create.path)?.body;
    expect(sent).toMatchObject({ symbol: 'AUDCAD', side: 'long', lots: '1', leverage: 100, takeProfit: null, stopLoss: null });
    expect(String(sent?.requestId)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('lists the forex positions with the perpetual row actions', async () => {
    renderForex();
    const lists = await screen.findByTestId('lists-forex');
    const row = await within(lists).findByTestId('position-row');
    expect(within(row).getByText('AUDCAD')).toBeInTheDocument();
    for (const id of ['close-position', 'reverse-position', 'tpsl-position']) expect(within(row).getByTestId(id)).toBeInTheDocument();
    await userEvent.setup().click(within(lists).getByRole('tab', { name: en.tabHistory }));
    const closed = await within(lists).findByTestId('forex-history-row');
    expect(closed).toHaveTextContent('0.5 · +200 USDT · 2026-11-20 10:00:00.000 UTC');
    expect(calls.some((c) => c.url === forex.getContractList.path && c.params?.status === 'history')).toBe(true);
  });

  it('desktop: the chart beside the form, the forex lists across the bottom', async () => {
    renderForex('/pages/desktop/trade?tab=forex');
    const grid = await screen.findByTestId('trade-desktop');
    expect(await within(grid).findByTestId('forex-form')).toBeInTheDocument();
    expect(within(grid).getAllByTestId('lists-forex')).toHaveLength(1);
    expect(within(grid).getByRole('tab', { name: en.tabForex })).toHaveAttribute('aria-selected', 'true');
  });

  it('a closed market: the Trading Hours Notice with the next opening in the user’s and New York time', async () => {
    open = false;
    const { user } = renderForex();
    const form = await ready();
    expect(within(form).getByTestId('forex-closed')).toHaveTextContent('AUDCAD cannot be traded now');
    await user.type(within(form).getByTestId('forex-lots'), '1');
    await user.click(within(form).getByTestId('forex-submit'));
    const notice = await screen.findByTestId('trading-hours-notice');
    expect(notice).toHaveTextContent(en.tradingHoursTitle);
    await waitFor(() => expect(within(notice).getByTestId('next-open-new-york')).toHaveTextContent(/11\/29\/2026.*05:00\sPM/));
    expect(within(notice).getByTestId('next-open-local')).toBeInTheDocument();
    expect(screen.queryByTestId('forex-receipt')).not.toBeInTheDocument();
  });
});
