import { market, seconds, trading, wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { DemoInvestConfirmation, Toaster, http, installSocketHub, invalidateForPush, tokenAtom, typeUserAtom, userInfoAtom } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { QUOTE, TERMS } from '../../testing/trade-fixtures';
import { charts, resetFakeCharts } from '../../testing/fake-echarts';
import { formatCountdown, stakeProblem } from './terms';
import { clockOffset } from './serverClock';

/* The Seconds tab against a recorded HTTP adapter: the form's chips, stake rules, disclosure and confirmation; the
   lists' countdown and record; the detail's evidence and chart marks. */

jest.setTimeout(30_000);

const en = translations.en;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

const product = (id: string, secs: number, ratio: string, breakEven: string, unit: 'sec' | 'mins' | 'hour', value: number) => ({
  id,
  symbol: 'BTCUSDT',
  duration: { seconds: secs, value, unit },
  payoutRatio: ratio,
  breakEvenWinRate: breakEven,
  minStake: '10',
  maxStake: '10000',
  asset: 'USDT',
  version: 1,
});
const PRODUCTS = [product('1', 30, '0.8', '0.5556', 'sec', 30), product('2', 60, '0.82', '0.5495', 'sec', 60), product('3', 180, '0.85', '0.5406', 'mins', 3)];

/** The server's clock runs 10 minutes ahead of this device's: countdowns must follow the server. */
const SKEW = 10 * 60_000;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 20, 0);

const contract = (over: Record<string, unknown> = {}) => ({
  id: '41',
  symbol: 'BTCUSDT',
  direction: 'up',
  stake: '100',
  asset: 'USDT',
  duration: { seconds: 30, value: 30, unit: 'sec' },
  payoutRatio: '0.8',
  productId: '1',
  productVersion: 1,
  status: 'open',
  openPrice: '64000',
  closePrice: null,
  openedAt: new Date(T0 + SKEW).toISOString(),
  expiresAt: new Date(T0 + SKEW + 30_000).toISOString(),
  settledAt: null,
  outcome: null,
  payout: null,
  pnl: null,
  refundReason: null,
  ...over,
});
const SETTLED = [
  contract({ id: '40', status: 'settled', closePrice: '64100', outcome: 'win', payout: '180', pnl: '80', settledAt: '2026-01-05T11:00:31.000Z' }),
  contract({ id: '39', direction: 'down', status: 'settled', closePrice: '64100', outcome: 'loss', payout: '0', pnl: '-100', settledAt: '2026-01-05T10:00:31.000Z' }),
];
const RECORD = { count: 2, wins: 1, losses: 1, ties: 0, staked: '200', net: '-20', open: 1 };

const tick = (id: string, time: number, price: string) => ({ id, symbol: 'BTCUSDT', feedTime: new Date(time).toISOString(), price, bid: price, ask: price, source: 'simulated' });
const OPEN_AT = Date.UTC(2026, 0, 5, 12, 1, 10, 123);
const CLOSE_AT = OPEN_AT + 30_000 + 7;
const DETAIL = {
  contract: contract({ id: '40', status: 'settled', closePrice: '64100.5', outcome: 'win', payout: '180', pnl: '80', openedAt: new Date(OPEN_AT).toISOString(), expiresAt: new Date(OPEN_AT + 30_000).toISOString(), settledAt: new Date(CLOSE_AT).toISOString() }),
  openTick: tick('900', OPEN_AT, '64000'),
  closeTick: tick('905', CLOSE_AT, '64100.5'),
  openReceiptHash: 'a'.repeat(64),
  settleReceiptHash: 'b'.repeat(64),
};
const minute = (at: number) => Math.floor(at / 60_000) * 60_000;
const BARS = [-2, -1, 0, 1, 2].map((i) => {
  const openTime = minute(OPEN_AT) + i * 60_000;
  return { openTime, open: '63990', high: '64200', low: '63900', close: '64050', volume: '3' };
});

interface Call {
  method: string;
  url: string;
  params: Record<string, unknown> | undefined;
  body: Record<string, unknown>;
}
let calls: Call[];
let detail: Omit<typeof DETAIL, 'closeTick'> & { closeTick: typeof DETAIL.closeTick | null };
let products: unknown[];
let openList: unknown[];
let available: string;
let uninstall: () => void;
const defaultAdapter = http.defaults.adapter;
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

const adapter: AxiosAdapter = async (cfg: InternalAxiosRequestConfig) => {
  const url = cfg.url ?? '';
  const params = cfg.params as Record<string, unknown> | undefined;
  const body = typeof cfg.data === 'string' && cfg.data ? (JSON.parse(cfg.data) as Record<string, unknown>) : {};
  calls.push({ method: (cfg.method ?? 'get').toUpperCase(), url, params, body });
  let reply: unknown;
  if (url === market.price.path) reply = ok(QUOTE);
  else if (url === trading.config.path) reply = ok({ instruments: [TERMS], settings: { marginMode: 'isolated', positionMode: 'merge' } });
  else if (url === seconds.productList.path) reply = ok(params?.symbol === 'BTCUSDT' ? products : []);
  else if (url === wallet.validAsset.path) reply = ok({ wallet: String(params?.accountType), asset: 'USDT', available });
  else if (url === wallet.list.path)
    reply = ok({
      totalUsdt: '2500',
      wallets: [
        { wallet: 'platform', accountType: 1, totalUsdt: '1500', assets: [{ asset: 'USDT', name: 'Tether', available: '1500', frozen: '0', balance: '1500', valueUsdt: '1500' }] },
        { wallet: 'option', accountType: 5, totalUsdt: available, assets: [{ asset: 'USDT', name: 'Tether', available, frozen: '0', balance: available, valueUsdt: available }] },
      ],
    });
  else if (url === wallet.transfer.path) reply = ok({ id: '5', fromWallet: body.fromWallet, toWallet: body.toWallet, asset: body.asset, amount: body.amount, createdAt: '2026-01-01T00:00:00.000Z' });
  else if (url === seconds.getContractList.path) {
    const list = params?.status === 'history' ? SETTLED : openList;
    reply = ok({ total: list.length, page: 1, size: 20, list, record: RECORD, serverTime: Date.now() + SKEW });
  } else if (url === seconds.create.path) reply = ok(contract({ id: '42', direction: body.direction, stake: body.stake }));
  else if (url === seconds.detail.path) reply = ok(detail);
  else if (url === market.klines.path) reply = ok({ symbol: 'BTCUSDT', interval: '1m', bars: BARS });
  else reply = { code: 404, msg: `no mock for ${url}`, data: null };
  return { data: reply, status: 200, statusText: 'OK', headers: {}, config: cfg };
};

beforeEach(() => {
  calls = [];
  detail = DETAIL;
  products = PRODUCTS;
  openList = [];
  available = '1000';
  http.defaults.adapter = adapter;
  localStorage.clear();
  resetFakeCharts();
  uninstall = installSocketHub(createManualSocketHub());
});
afterEach(() => {
  uninstall();
  http.defaults.adapter = defaultAdapter;
  jest.useRealTimers();
});

function renderSeconds(url = '/pages/trade-margin/index?symbol=BTCUSDT&tab=seconds', { kycStatus = 'verified', demo = false, timers = false, language = 'en' } = {}) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, { uid: '7', kycStatus });
  if (demo) store.set(typeUserAtom, 'demo');
  const view = renderWithPlatform(
    <>
      <App />
      <DemoInvestConfirmation />
      <Toaster />
    </>,
    { url, store, language, translations: { namespace: NS, texts: translations } },
  );
  return { ...view, user: userEvent.setup(timers ? { advanceTimers: jest.advanceTimersByTime } : {}) };
}

async function formReady() {
  const form = await screen.findByTestId('seconds-form');
  await within(form).findByText('1,000.00 USDT');
  return form;
}
const creates = () => calls.filter((c) => c.method === 'POST' && c.url === seconds.create.path);

describe('seconds terms', () => {
  it('stake rules: a positive USDT amount with at most 6 decimals, within the product, within the balance', () => {
    const limits = { minStake: '10', maxStake: '10000' };
    expect(stakeProblem('', limits, '1000')?.key).toBe('secondsStakeInvalid');
    expect(stakeProblem('1.1234567', limits, '1000')).toEqual({ key: 'secondsStakeInvalid', values: { decimals: '6' } });
    for (const stake of ['0', '-10', '1e3', '10,5', 'abc']) expect(stakeProblem(stake, limits, '1000')?.key).toBe('secondsStakeInvalid');
    // the shared amount rules: trailing zeros are not decimals, and the stake sent is the normalised number
    expect(stakeProblem(' 10.0000000 ', limits, '1000')).toBeNull();
    expect(stakeProblem('9.999999', limits, '1000')).toEqual({ key: 'secondsStakeBelowMinimum', values: { min: '10' } });
    expect(stakeProblem('10000.000001', limits, null)).toEqual({ key: 'secondsStakeAboveMaximum', values: { max: '10000' } });
    expect(stakeProblem('1000.01', limits, '1000')?.key).toBe('insufficientBalance');
    expect(stakeProblem('1000', limits, '1000')).toBeNull();
  });

  it('countdowns read mm:ss, round a started second up, never go below zero; the clock offset is the round trip’s middle', () => {
    expect(formatCountdown(30_000)).toBe('00:30');
    expect(formatCountdown(29_001)).toBe('00:30');
    expect(formatCountdown(3_600_000)).toBe('60:00');
    expect(formatCountdown(-5)).toBe('00:00');
    expect(clockOffset(10_600, 1_000, 1_200)).toBe(9_500);
  });
});

describe('the Seconds tab', () => {
  it('is a tab of the trade screen, with the duration chips labelled with their payout ratios', async () => {
    renderSeconds();
    const form = await formReady();
    expect(screen.getByRole('tab', { name: en.secondsTab })).toHaveAttribute('aria-selected', 'true');
    const chips = within(form).getAllByRole('radio');
    expect(chips.map((chip) => chip.textContent)).toEqual(['30 sec80 %', '60 sec82 %', '3 mins85 %']);
    expect(chips[0]).toHaveAttribute('aria-checked', 'true');
    expect(calls.some((c) => c.url === wallet.validAsset.path && c.params?.accountType === 'option')).toBe(true);
  });

  it('the always-visible risk line follows the chosen duration’s break-even rate', async () => {
    const { user } = renderSeconds();
    const form = await formReady();
    expect(within(form).getByTestId('seconds-risk-line')).toHaveTextContent(fill(en.secondsRiskLine, { duration: '30 sec', rate: '55.56' }));
    await user.click(within(form).getByTestId('seconds-duration-60'));
    expect(within(form).getByTestId('seconds-risk-line')).toHaveTextContent(fill(en.secondsRiskLine, { duration: '60 sec', rate: '54.95' }));
  });

  it.each(['ge', 'fr'])('the break-even rate in the risk line uses the language’s decimal comma (%s), as the balance beside it does', async (language) => {
    renderSeconds(undefined, { language });
    const form = await screen.findByTestId('seconds-form');
    const risk = await within(form).findByTestId('seconds-risk-line');
    expect(risk.textContent).toContain('55,56');
    expect(risk.textContent).not.toContain('55.56');
  });

  it('validates the stake (required, min, max, the option wallet’s balance) and sends nothing while it is wrong', async () => {
    const { user } = renderSeconds();
    const form = await formReady();
    const stake = within(form).getByTestId('seconds-stake');
    await user.click(within(form).getByTestId('seconds-up'));
    expect(form).toHaveTextContent(fill(en.secondsStakeInvalid, { decimals: '6' }));
    expect(stake).toHaveFocus();
    await user.type(stake, '5');
    expect(form).toHaveTextContent(fill(en.secondsStakeBelowMinimum, { min: '10' }));
    await user.clear(stake);
    await user.type(stake, '20000');
    expect(form).toHaveTextContent(fill(en.secondsStakeAboveMaximum, { max: '10000' }));
    await user.clear(stake);
    await user.type(stake, '2000');
    expect(form).toHaveTextContent(en.insufficientBalance);
    await user.click(within(form).getByTestId('seconds-down'));
    expect(screen.queryByTestId('seconds-disclosure')).not.toBeInTheDocument();
    expect(screen.queryByTestId('seconds-confirm')).not.toBeInTheDocument();
    expect(creates()).toHaveLength(0);
  });

  it('a stake above the option wallet’s balance: Transfer prefills the shortfall from the platform wallet into the option wallet', async () => {
    const { user } = renderSeconds();
    const form = await formReady();
    // 1,200 against the option wallet's 1,000
    await user.type(within(form).getByTestId('seconds-stake'), '1200');
    await user.click(within(form).getByRole('button', { name: en.fundTransfer }));
    const sheet = await screen.findByTestId('fund-transfer-sheet');
    expect(within(sheet).getByTestId('fund-from')).toHaveAttribute('data-wallet', 'platform');
    expect(within(sheet).getByTestId('fund-to')).toHaveAttribute('data-wallet', 'option');
    expect(within(sheet).getByLabelText('Amount (USDT)')).toHaveValue('200');
    await user.click(within(sheet).getByRole('button', { name: en.fundTransferConfirm }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST' && c.url === wallet.transfer.path)).toHaveLength(1));
    expect(calls.find((c) => c.url === wallet.transfer.path)!.body).toMatchObject({ fromWallet: 'platform', toWallet: 'option', asset: 'USDT', amount: '200' });
  });

  it('the disclosure comes before the first purchase only: accepted once per user, remembered in localStorage', async () => {
    const { user } = renderSeconds();
    const form = await formReady();
    await user.type(within(form).getByTestId('seconds-stake'), '100');
    await user.click(within(form).getByTestId('seconds-up'));
    const disclosure = await screen.findByRole('dialog', { name: en.secondsDisclosureTitle });
    expect(disclosure).toHaveTextContent(en.secondsDisclosureRisk);
    expect(disclosure).toHaveTextContent(en.secondsDisclosureBreakEven);
    expect(within(within(disclosure).getByTestId('seconds-disclosure-ratios')).getAllByRole('row').map((r) => r.textContent)).toEqual([
      `${en.secondsDuration}${en.secondsPayoutRatio}${en.secondsBreakEven}`,
      '30 sec80 %55.56 %',
      '60 sec82 %54.95 %',
      '3 mins85 %54.06 %',
    ]);
    // the keyboard: Escape dismisses it, and nothing is bought
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('seconds-disclosure')).not.toBeInTheDocument();
    expect(localStorage.getItem('meridian.secondsDisclosure.7')).toBeNull();

    await user.click(within(form).getByTestId('seconds-up'));
    const again = await screen.findByTestId('seconds-disclosure');
    expect(within(again).getByTestId('seconds-disclosure-accept')).toHaveFocus();
    await user.click(within(again).getByTestId('seconds-disclosure-accept'));
    expect(localStorage.getItem('meridian.secondsDisclosure.7')).toBe('1');
    expect(await screen.findByTestId('seconds-confirm')).toBeInTheDocument();
    await user.click(within(screen.getByTestId('seconds-confirm')).getByRole('button', { name: en.cancelButton }));

    // the second purchase goes straight to the confirmation; the link still opens the full text
    await user.click(within(form).getByTestId('seconds-down'));
    expect(await screen.findByTestId('seconds-confirm')).toBeInTheDocument();
    expect(screen.queryByTestId('seconds-disclosure')).not.toBeInTheDocument();
    await user.click(within(screen.getByTestId('seconds-confirm')).getByRole('button', { name: en.cancelButton }));
    await user.click(within(form).getByTestId('seconds-disclosure-open'));
    expect(within(await screen.findByTestId('seconds-disclosure')).getByTestId('seconds-disclosure-close')).toBeInTheDocument();
  });

  it('another user on the same browser reads the disclosure again', async () => {
    localStorage.setItem('meridian.secondsDisclosure.8', '1');
    const { user } = renderSeconds();
    const form = await formReady();
    await user.type(within(form).getByTestId('seconds-stake'), '100');
    await user.click(within(form).getByTestId('seconds-up'));
    expect(await screen.findByTestId('seconds-disclosure')).toBeInTheDocument();
  });

  it('the confirmation sheet: stake 100 on 30 sec at 80 % pays 180 if won, loses 100 if lost, break-even 55.56 %; then the purchase', async () => {
    localStorage.setItem('meridian.secondsDisclosure.7', '1');
    const { user } = renderSeconds();
    const form = await formReady();
    await user.type(within(form).getByTestId('seconds-stake'), '100');
    expect(within(form).getByTestId('seconds-payout-preview')).toHaveTextContent(fill(en.secondsPayoutPreview, { stake: '100.00', payout: '180.00' }));
    await user.click(within(form).getByTestId('seconds-up'));
    const sheet = await screen.findByTestId('seconds-confirm');
    expect(within(sheet).getByTestId('seconds-confirm-direction')).toHaveTextContent(en.secondsUp);
    expect(within(sheet).getByTestId('seconds-confirm-stake')).toHaveTextContent('100.00 USDT');
    expect(within(sheet).getByTestId('seconds-confirm-duration')).toHaveTextContent('30 sec');
    expect(within(sheet).getByTestId('seconds-confirm-ratio')).toHaveTextContent('80 %');
    expect(within(sheet).getByTestId('seconds-confirm-payout')).toHaveTextContent('180.00 USDT (+80.00)');
    expect(within(sheet).getByTestId('seconds-confirm-loss')).toHaveTextContent('100.00 USDT');
    expect(within(sheet).getByTestId('seconds-confirm-break-even')).toHaveTextContent('55.56 %');
    expect(within(sheet).getByTestId('seconds-confirm-price')).toHaveTextContent('64,020.00');
    expect(screen.queryByTestId('seconds-confirm-demo')).not.toBeInTheDocument();
    expect(within(form).queryByTestId('demo-marker')).not.toBeInTheDocument();
    await user.click(within(sheet).getByTestId('seconds-confirm-buy'));
    await waitFor(() => expect(creates()).toHaveLength(1));
    expect(creates()[0]!.body).toMatchObject({ symbol: 'BTCUSDT', direction: 'up', productId: '1', stake: '100' });
    expect(String(creates()[0]!.body.requestId)).toMatch(/^[0-9a-f]{32}$/);
    expect(await screen.findByText(fill(en.secondsBoughtToast, { price: '64,000.00', duration: '30 sec' }))).toBeInTheDocument();
  });

  it('demo: the marker on the form and the sheet, and the trial confirmation before the purchase', async () => {
    localStorage.setItem('meridian.secondsDisclosure.7', '1');
    const { user } = renderSeconds(undefined, { demo: true });
    const form = await formReady();
    expect(within(form).getByTestId('demo-marker')).toHaveTextContent(en.demoMarker);
    await user.type(within(form).getByTestId('seconds-stake'), '50');
    await user.click(within(form).getByTestId('seconds-down'));
    const sheet = await screen.findByTestId('seconds-confirm');
    expect(within(sheet).getByTestId('seconds-confirm-demo')).toBeInTheDocument();
    await user.click(within(sheet).getByTestId('seconds-confirm-buy'));
    expect(await screen.findByTestId('demo-confirm')).toBeInTheDocument();
    expect(creates()).toHaveLength(0);
  });

  it('an unverified user is sent to KYC with type=trade (returning to this tab), nothing bought', async () => {
    const { user } = renderSeconds(undefined, { kycStatus: 'unverified' });
    const form = await formReady();
    await user.type(within(form).getByTestId('seconds-stake'), '100');
    await user.click(within(form).getByTestId('seconds-up'));
    await waitFor(() => expect(`${window.location.pathname}${window.location.search}`).toBe(
        `/pages/profile/kyc-verification/index?type=trade&redirect=${encodeURIComponent('/pages/trade-margin/index?symbol=BTCUSDT&tab=seconds')}`,
      ),
    );
    expect(creates()).toHaveLength(0);
  });

  it('a symbol without products says so', async () => {
    renderSeconds('/pages/trade-margin/index?symbol=EURUSD&tab=seconds');
    expect(await screen.findByText(fill(en.secondsNotOffered, { symbol: 'EURUSD' }))).toBeInTheDocument();
  });

  it('desktop: the chart beside the form, the seconds lists across the bottom', async () => {
    renderSeconds('/pages/desktop/trade?symbol=BTCUSDT&tab=seconds');
    const grid = await screen.findByTestId('trade-desktop');
    expect(await within(grid).findByTestId('seconds-form')).toBeInTheDocument();
    expect(within(grid).getAllByTestId('lists-seconds')).toHaveLength(1);
    expect(within(grid).getByRole('tab', { name: en.secondsTab })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('the seconds lists', () => {
  it('an open contract counts down each second on the server’s clock (10 min ahead of the device’s), with where it stands', async () => {
    jest.useFakeTimers({ now: T0, doNotFake: ['queueMicrotask', 'nextTick'] });
    openList = [contract()];
    renderSeconds(undefined, { timers: true });
    const row = await screen.findByTestId('seconds-open-row');
    const countdown = within(row).getByTestId('seconds-countdown');
    expect(countdown).toHaveTextContent('00:30');
    act(() => jest.advanceTimersByTime(1_000));
    expect(countdown).toHaveTextContent('00:29');
    act(() => jest.advanceTimersByTime(5_000));
    expect(countdown).toHaveTextContent('00:24');
    // the live price 64020 is above the open 64000: an Up contract is winning so far
    expect(within(row).getByTestId('seconds-standing')).toHaveTextContent(en.secondsWinning);
    act(() => jest.advanceTimersByTime(25_000));
    expect(countdown).toHaveTextContent(en.secondsSettling);
  });

  it('history: each result with payout and net, and the user’s record as the server counts it', async () => {
    const { user } = renderSeconds();
    const lists = await screen.findByTestId('lists-seconds');
    expect(await within(lists).findByText(en.secondsNoOpen)).toBeInTheDocument();
    await user.click(within(lists).getByTestId('seconds-tab-history'));
    const rows = await within(lists).findAllByTestId('seconds-history-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(en.secondsWon)).toBeInTheDocument();
    expect(within(rows[0]!).getByTestId('seconds-payout')).toHaveTextContent('180.00 USDT');
    expect(within(rows[0]!).getByTestId('seconds-net')).toHaveTextContent('+80.00 USDT');
    expect(within(rows[1]!).getByText(en.secondsLost)).toBeInTheDocument();
    expect(within(rows[1]!).getByTestId('seconds-net')).toHaveTextContent('−100.00 USDT');
    const record = within(lists).getByTestId('seconds-record');
    expect(within(record).getByTestId('seconds-record-count')).toHaveTextContent('2');
    expect(within(record).getByTestId('seconds-record-wins')).toHaveTextContent('1');
    expect(within(record).getByTestId('seconds-record-net')).toHaveTextContent('−20.00 USDT');
  });

  it('a SECOND_CONTRACT push (through the shell’s invalidation table) refreshes the open list', async () => {
    openList = [contract()];
    const { queryClient } = renderSeconds();
    const lists = await screen.findByTestId('lists-seconds');
    await within(lists).findByTestId('seconds-open-row');
    openList = [];
    act(() => void invalidateForPush(queryClient, { action: 'SECOND_CONTRACT_SETTLE', mode: 'real', symbol: 'BTCUSDT', contractId: '41' }, 'real'));
    expect(await within(lists).findByText(en.secondsNoOpen)).toBeInTheDocument();
  });
});

/** The marks the detail's chart was last given: the pins (dot and label) and the level lines. */
async function chartMarks() {
  await waitFor(() => expect(charts.length).toBe(1));
  await waitFor(() => expect(charts[0]!.options.some((o) => Array.isArray(o.series))).toBe(true));
  const data = charts[0]!.options.filter((o) => Array.isArray(o.series)).at(-1)!;
  const candles = (data.series as Array<Record<string, unknown>>).find((s) => s.id === 'candles')!;
  const pins = (candles.markPoint as { data: Array<{ name: string; coord: [string, number]; label: { position: string; show: boolean; formatter: string; align: string } }> }).data;
  const levels = (candles.markLine as { data: Array<{ yAxis: number }> }).data.map((l) => l.yAxis);
  return { pins, levels };
}

describe('the seconds contract detail', () => {
  it('every field, both ticks to the millisecond with their source, both receipt hashes, and the K-line marked at open and close', async () => {
    renderSeconds('/pages/trade-margin/seconds-contract/detail?id=40');
    const facts = await screen.findByTestId('seconds-facts');
    expect(facts).toHaveTextContent('40');
    expect(facts).toHaveTextContent('80 % (0.8)');
    expect(facts).toHaveTextContent('180.00 USDT');
    expect(facts).toHaveTextContent('+80.00 USDT');
    expect(screen.getByTestId('seconds-open-evidence')).toHaveTextContent(
      fill(en.secondsOpenedAtEvidence, { price: '64000', symbol: 'BTCUSDT', time: '2026-01-05 12:01:10.123 UTC', source: en.feedSimulated }),
    );
    expect(screen.getByTestId('seconds-close-evidence')).toHaveTextContent(
      fill(en.secondsClosedAtEvidence, { price: '64100.5', symbol: 'BTCUSDT', time: '2026-01-05 12:01:40.130 UTC', source: en.feedSimulated }),
    );
    expect(screen.getByTestId('seconds-open-receipt')).toHaveTextContent('a'.repeat(64));
    expect(screen.getByTestId('seconds-close-receipt')).toHaveTextContent('b'.repeat(64));

    // the 1-minute candles of both ticks contain their prices
    expect(await screen.findByTestId('seconds-kline-check-open')).toHaveAttribute('data-agrees', 'true');
    expect(screen.getByTestId('seconds-kline-check-close')).toHaveAttribute('data-agrees', 'true');
    expect(calls.some((c) => c.url === market.klines.path && c.params?.interval === '1m')).toBe(true);
    const { pins, levels } = await chartMarks();
    expect(pins.map((p) => [p.name, p.coord[0], p.coord[1]])).toEqual([
      [fill(en.secondsMarkOpen, { price: '64000' }), '2026-01-05 12:01', 64000],
      [fill(en.secondsMarkClose, { price: '64100.5' }), '2026-01-05 12:01', 64100.5],
    ]);
    expect(levels).toEqual([64000, 64100.5]);
  });

  it.each([
    ['rises', '64100.5', ['bottom', 'top']],
    ['falls', '63950.25', ['top', 'bottom']],
    ['stays', '64000', ['top', 'bottom']],
  ])('open and close on one candle, the price %s: the two labels on opposite sides of their dots, each with its price', async (_, closePrice, sides) => {
    detail = { ...DETAIL, closeTick: tick('905', CLOSE_AT, closePrice) };
    renderSeconds('/pages/trade-margin/seconds-contract/detail?id=40');
    expect(await screen.findByTestId('seconds-kline-check-close')).toHaveAttribute('data-agrees', 'true');
    const { pins } = await chartMarks();
    expect(new Set(pins.map((p) => p.coord[0]))).toEqual(new Set(['2026-01-05 12:01']));
    // the higher price's label above its dot, the lower's below: the two can never cover each other
    expect(pins.map((p) => p.label.position)).toEqual(sides);
    expect(pins.map((p) => p.name)).toEqual([fill(en.secondsMarkOpen, { price: '64000' }), fill(en.secondsMarkClose, { price: closePrice })]);
    // each ends at its dot, reaching back over the earlier candles rather than into the price axis
    for (const pin of pins) expect(pin.label).toMatchObject({ show: true, formatter: '{b}', align: 'right' });
  });

  it('a refunded contract (no price recorded at expiry) says so in its detail, with the stake back', async () => {
    const refunded = contract({ id: '38', status: 'refunded', payout: '100', pnl: '0', settledAt: '2026-01-05T09:00:31.000Z', refundReason: 'noPriceAtExpiry' });
    detail = { ...DETAIL, contract: refunded, closeTick: null, settleReceiptHash: 'c'.repeat(64) };
    renderSeconds('/pages/trade-margin/seconds-contract/detail?id=38');
    const facts = await screen.findByTestId('seconds-facts');
    expect(facts).toHaveTextContent(en.secondsStatusRefunded);
    expect(facts).toHaveTextContent(en.secondsRefundedNoPrice);
    expect(facts).toHaveTextContent('100.00 USDT');
    expect(screen.getByTestId('seconds-refunded')).toHaveTextContent(en.secondsRefundedNoPrice);
    expect(screen.queryByTestId('seconds-not-settled')).toBeNull();
  });

  it('the desktop grid links its rows to its own detail address, which leads back to the grid', async () => {
    const { user } = renderSeconds('/pages/desktop/trade?symbol=BTCUSDT&tab=seconds');
    const lists = await screen.findByTestId('lists-seconds');
    await user.click(within(lists).getByTestId('seconds-tab-history'));
    const [row] = await within(lists).findAllByTestId('seconds-history-row');
    // a column table at desktop width: a header per column, each row a table row with its figures right-aligned
    const table = within(lists).getByRole('table', { name: en.tabHistory });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(expect.arrayContaining([en.colTime, en.secondsStake, en.secondsOpenPrice, en.secondsClosePrice, en.secondsNet]));
    expect(row!.tagName).toBe('TR');
    expect(within(row!).getByTestId('seconds-net').closest('td')).toHaveClass('num');
    expect(within(row!).getByRole('link', { name: 'BTCUSDT' })).toHaveAttribute('href', '/pages/desktop/trade/components/history/seconds/contract-detail?id=40');
    await user.click(within(row!).getByRole('link', { name: 'BTCUSDT' }));
    expect(await screen.findByTestId('seconds-facts')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Trade/ })).toHaveAttribute('href', '/pages/desktop/trade?tab=seconds');
  });
});
