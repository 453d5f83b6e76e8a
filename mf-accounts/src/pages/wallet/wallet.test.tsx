import { wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { isDemoVersionAtom, toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform, sessionTexts } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { installServer, ok, OVERVIEW, refused, sequence } from '../../components/money/test-server';

const en = translations.en;
let server: ReturnType<typeof installServer>;

beforeEach(() => {
  server = installServer({ [wallet.list.path]: ok(OVERVIEW) });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string, { loggedIn = true, mode = 'real' as 'real' | 'demo', language = 'en' } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, mode);
  store.set(isDemoVersionAtom, mode === 'demo');
  return renderWithPlatform(<App />, { url, language, store, translations: { namespace: NS, texts: translations } });
}

describe('wallet (/pages/wallet/index)', () => {
  it('shows the total in USDT and each wallet card with its total, from account/list', async () => {
    renderAt('/pages/wallet/index');
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50USDT'));
    expect(server.callsTo(wallet.list.path)).toEqual([expect.objectContaining({ method: 'POST' })]);
    expect(screen.getByTestId('wallet-card-platform')).toHaveTextContent(`${en.walletNamePlatform}95,000.50 USDT`);
    expect(screen.getByTestId('wallet-card-spot')).toHaveTextContent(`${en.walletNameSpot}6,250.00 USDT`);
    for (const wallet of ['contract', 'wealth', 'option']) expect(screen.getByTestId(`wallet-card-${wallet}`)).toHaveTextContent('0.00 USDT');
    expect(screen.getByTestId('wallet-card-spot')).toHaveAttribute('href', '/pages/assets/index?wallet=spot');
    expect(screen.queryByTestId('wallet-demo-badge')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.resetDemoButton })).not.toBeInTheDocument();
  });

  it.each([
    ['ge', '6.250,00 USDT', '101.250,50'],
    ['fr', '6\u202f250,00 USDT', '101\u202f250,50'],
    ['jp', '6,250.00 USDT', '101,250.50'],
  ])('groups every amount the way %s does, as the trade screen does (its available 6250 USDT reads %s too)', async (language, spot, total) => {
    renderAt('/pages/wallet/index', { language });
    // French groups with a narrow no-break space: compared as is, not as a plain space
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent(total, { normalizeWhitespace: false }));
    expect(screen.getByTestId('wallet-card-spot')).toHaveTextContent(spot, { normalizeWhitespace: false });
  });

  it('links the quick actions: deposit, withdraw, transfer, convert, loan and records', async () => {
    renderAt('/pages/wallet/index');
    const actions = within(screen.getByRole('navigation', { name: en.quickActionsLabel }));
    expect(actions.getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      [`↓${en.rechargeTitle}`, '/pages/recharge/index'],
      [`↑${en.withdrawTitle}`, '/pages/withdraw/withdraw'],
      [`⇄${en.transferTitle}`, '/pages/transfer/index'],
      [`↻${en.convertTitle}`, '/pages/convert/index'],
      [`%${en.loanTitle}`, '/pages/loan/index'],
      [`≡${en.recordsLabel}`, '/pages/assets/transfer-records'],
    ]);
    await screen.findByTestId('wallet-card-platform');
  });

  it('hides and shows every amount with the eye toggle', async () => {
    const user = userEvent.setup();
    renderAt('/pages/wallet/index');
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50'));
    await user.click(screen.getByRole('button', { name: en.hideBalances }));
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('******USDT');
    expect(screen.getByTestId('wallet-card-platform')).toHaveTextContent('******');
    expect(screen.getByTestId('wallet-card-platform')).not.toHaveTextContent('95,000');
    await user.click(screen.getByRole('button', { name: en.showBalances }));
    expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50USDT');
  });

  it('in demo mode shows the DEMO marker and resets the demo balance only after confirming', async () => {
    const user = userEvent.setup();
    const fresh = { ...OVERVIEW, totalUsdt: '100000', wallets: OVERVIEW.wallets.map((w) => ({ ...w, totalUsdt: w.wallet === 'platform' ? '100000' : '0' })) };
    server.answers[wallet.resetDemo.path] = ok(fresh);
    const { store } = renderAt('/pages/wallet/index', { mode: 'demo' });
    expect(screen.getByTestId('wallet-demo-badge')).toHaveTextContent(en.demoBadge);
    expect(screen.getByText(en.demoNote)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50'));

    await user.click(screen.getByRole('button', { name: en.resetDemoButton }));
    const dialog = screen.getByRole('dialog', { name: en.resetDemoTitle });
    expect(dialog).toHaveTextContent(en.resetDemoBody);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.resetDemo.path)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: en.resetDemoButton }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.resetDemoConfirm }));
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('100,000.00USDT'));
    expect(server.callsTo(wallet.resetDemo.path)).toEqual([expect.objectContaining({ method: 'POST' })]);
    expect(screen.getByTestId('wallet-card-spot')).toHaveTextContent('0.00 USDT');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.resetDemoDone);
  });

  it('loads again when the account mode changes', async () => {
    const { store } = renderAt('/pages/wallet/index');
    await waitFor(() => expect(server.callsTo(wallet.list.path)).toHaveLength(1));
    act(() => store.set(typeUserAtom, 'demo'));
    await waitFor(() => expect(server.callsTo(wallet.list.path)).toHaveLength(2));
    expect(await screen.findByTestId('wallet-demo-badge')).toBeInTheDocument();
  });

  it('shows an error with a retry when the wallets cannot be loaded', async () => {
    const user = userEvent.setup();
    server.answers[wallet.list.path] = sequence(refused('Server busy', 500), ok(OVERVIEW));
    renderAt('/pages/wallet/index');
    const alert = await screen.findByRole('alert');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('wallet-total')).toHaveTextContent('101,250.50'));
  });

  it('sends a visitor to login with "Please log in first", and back here afterwards; calls nothing', async () => {
    const view = renderAt('/pages/wallet/index', { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe('/pages/wallet/index');
    expect(view.store.get(toastsAtom).map((t) => t.text)).toEqual([sessionTexts.en.loginFirst]);
    expect(server.calls.filter((call) => call.url === wallet.list.path)).toHaveLength(0);
  });

  it('is translated (German)', async () => {
    renderAt('/pages/wallet/index', { language: 'ge' });
    expect(await screen.findByText(translations.ge.totalAssetsLabel)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(translations.ge.walletTitle);
  });
});
