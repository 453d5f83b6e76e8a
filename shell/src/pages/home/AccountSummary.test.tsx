import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { formatBalance, http, orZero, setSession, switchMode, toastsAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../../all-texts';
import { AccountSummary } from './AccountSummary';
import { wallet } from '@meridian/contracts';

const en = shellTranslations.en;
const original = http.defaults.adapter;
let requests: Array<{ url: string; userType: unknown }>;

/** Answers userAssetData with these envelopes in turn (the last repeats). */
function serve(...bodies: Array<{ code: number; msg: string; data: unknown }>) {
  requests = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    requests.push({ url: config.url ?? '', userType: config.headers?.get?.('userType') });
    const body = bodies.length > 1 ? bodies.shift()! : bodies[0]!;
    return { data: body, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
}
const assets = (totalUsdt: string, mode = 'real') => ({ code: 0, msg: 'success', data: { mode, totalUsdt, wallets: [] } });

afterEach(() => {
  http.defaults.adapter = original;
  localStorage.clear();
});

function renderSummary({ loggedIn, language = 'en' }: { loggedIn: boolean; language?: string }) {
  const store = createStore();
  if (loggedIn) setSession(store, { token: 'tok' });
  return renderWithPlatform(<AccountSummary />, { url: '/pages/home/index', store, language, translations: { namespace: 'shell', texts: shellTranslations } });
}

describe('home: account summary', () => {
  it('logged in: shows the total of every wallet in USDT from account/userAssetData, with deposit, withdraw and transfer', async () => {
    serve(assets('101250.509'));
    renderSummary({ loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('101,250.50USDT'));
    expect(requests.map((r) => r.url)).toEqual([wallet.userAssetData.path]);
    expect(screen.getByRole('heading', { name: en.summaryTotal })).toBeInTheDocument();
    expect(screen.getByTestId('summary-total')).toHaveAttribute('href', '/pages/wallet/index');
    const actions = within(screen.getByRole('navigation', { name: en.summaryActions }));
    expect(actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [en.summaryDeposit, '/pages/recharge/index'],
      [en.summaryWithdraw, '/pages/withdraw/withdraw'],
      [en.summaryTransfer, '/pages/transfer/index'],
    ]);
    expect(screen.queryByTestId('summary-demo')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: en.summaryLogin })).not.toBeInTheDocument();
  });

  it('the eye hides and shows the total', async () => {
    const user = userEvent.setup();
    serve(assets('2500'));
    renderSummary({ loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('2,500.00'));
    await user.click(screen.getByRole('button', { name: en.summaryHide }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('******USDT');
    expect(screen.getByRole('button', { name: en.summaryShow })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: en.summaryShow }));
    expect(screen.getByTestId('summary-total')).toHaveTextContent('2,500.00USDT');
  });

  it('follows the account mode: demo shows its marker and the demo total', async () => {
    serve(assets('5'), assets('100000', 'demo'));
    const { store } = renderSummary({ loggedIn: true });
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('5.00'));
    act(() => switchMode(store, 'demo'));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('100,000.00'));
    expect(screen.getByTestId('summary-demo')).toHaveTextContent(en.summaryDemo);
    expect(requests).toHaveLength(2);
  });

  it('a failed load shows a retry, and no toast', async () => {
    const user = userEvent.setup();
    serve({ code: 500, msg: 'busy', data: null }, assets('12'));
    const { store } = renderSummary({ loggedIn: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.summaryFailed);
    expect(store.get(toastsAtom)).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('summary-total')).toHaveTextContent('12.00'));
  });

  it('logged out: a call to log in or sign up, and no request', () => {
    serve(assets('1'));
    renderSummary({ loggedIn: false });
    expect(screen.getByRole('heading', { name: en.summaryWelcomeTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.summaryLogin })).toHaveAttribute('href', '/pages/login/email-login?redirect=%2Fpages%2Fhome%2Findex');
    expect(screen.getByRole('link', { name: en.summarySignUp })).toHaveAttribute('href', '/pages/register/index');
    expect(screen.queryByTestId('summary-total')).not.toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('is translated (Japanese)', () => {
    serve(assets('1'));
    renderSummary({ loggedIn: false, language: 'jp' });
    expect(screen.getByRole('link', { name: shellTranslations.jp.summaryLogin })).toBeInTheDocument();
  });

  it('formats totals with decimal.js, rounded down', () => {
    expect(formatBalance(orZero('1234567.899'), 'USDT')).toBe('1,234,567.89');
    expect(formatBalance(orZero('0'), 'USDT')).toBe('0.00');
    expect(formatBalance(orZero('not a number'), 'USDT')).toBe('0.00');
  });
});
