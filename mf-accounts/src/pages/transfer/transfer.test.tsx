import { wallet } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { CURRENCIES, installServer, ok, page, refused, sequence, TRANSFER } from '../../components/money/test-server';

const en = translations.en;
const AVAILABLE = '1234.567891';
let server: ReturnType<typeof installServer>;

beforeEach(() => {
  server = installServer({
    [wallet.currencies.path]: ok(CURRENCIES),
    [wallet.validAsset.path]: (call) => ok({ wallet: 'platform', asset: call.params?.asset, available: call.params?.accountType === 1 ? AVAILABLE : '5' }),
    [wallet.transfer.path]: (call) => ok({ ...TRANSFER, amount: call.data?.amount }),
    [wallet.transferLog.path]: ok(page([TRANSFER])),
  });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string, { loggedIn = true, mode = 'real' as 'real' | 'demo' } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const amountField = () => screen.getByLabelText(en.amountLabel, { selector: 'input' });
const select = (label: string) => screen.getByLabelText(label, { selector: 'select' });
const availableLoaded = () => screen.findByText(`Available: 1,234.56 USDT`);

describe('transfer (/pages/transfer/index)', () => {
  it('asks getValidAssetById for what the source wallet holds, and Max fills in exactly that', async () => {
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await availableLoaded();
    expect(server.callsTo(wallet.validAsset.path).at(-1)?.params).toEqual({ accountType: 1, asset: 'USDT' });
    await user.click(screen.getByRole('button', { name: en.maxButton }));
    expect(amountField()).toHaveValue(AVAILABLE);
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();

    await user.selectOptions(select(en.fromLabel), 'spot');
    await screen.findByText('Available: 5.00 USDT');
    expect(server.callsTo(wallet.validAsset.path).at(-1)?.params).toEqual({ accountType: 2, asset: 'USDT' });
  });

  it.each([
    ['abc', 'Invalid amount'],
    ['0', 'Invalid amount'],
    ['-5', 'Invalid amount'],
    ['1e5', 'Invalid amount'],
    ['100000000000000000.01', 'Invalid amount'],
    ['1234.567892', 'Insufficient balance'],
    ['1.1234567', 'Too many decimal places'],
  ])('shows the rule for %p inline before submitting, and sends nothing', async (typed, message) => {
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await availableLoaded();
    await user.type(amountField(), typed);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(amountField()).toHaveAttribute('aria-invalid', 'true');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.transfer.path)).toHaveLength(0);
  });

  it('waits, visibly, until it knows what the source wallet holds: Transfer is disabled, never a click that does nothing', async () => {
    let reachable = false;
    server.restore();
    server = installServer({
      [wallet.currencies.path]: ok(CURRENCIES),
      [wallet.validAsset.path]: (call) => (reachable ? ok({ wallet: 'platform', asset: call.params?.asset, available: AVAILABLE }) : 'network'),
      [wallet.transfer.path]: (call) => ok({ ...TRANSFER, amount: call.data?.amount }),
    });
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await user.type(amountField(), '10');
    const submit = screen.getByRole('button', { name: en.transferSubmit });
    expect(submit).toBeDisabled();
    const retry = await screen.findByRole('button', { name: /retry/i });
    expect(submit).toBeDisabled();
    reachable = true;
    await user.click(retry);
    await availableLoaded();
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('refuses the source wallet as target ("Please choose another target wallet"), and the swap button exchanges them', async () => {
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await availableLoaded();
    expect(select(en.fromLabel)).toHaveValue('platform');
    expect(select(en.toLabel)).toHaveValue('spot');
    await user.selectOptions(select(en.toLabel), 'platform');
    expect(screen.getByText('Please choose another target wallet')).toBeInTheDocument();
    await user.type(amountField(), '10');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.selectOptions(select(en.toLabel), 'contract');
    expect(screen.queryByText('Please choose another target wallet')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.swapWallets }));
    expect(select(en.fromLabel)).toHaveValue('contract');
    expect(select(en.toLabel)).toHaveValue('platform');
  });

  it('an empty amount is required on submit', async () => {
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await availableLoaded();
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    expect(screen.getByText('This field is required')).toBeInTheDocument();
    expect(amountField()).toHaveFocus();
  });

  it('confirms before money moves, sends one request with a request id, toasts, then opens the records', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/transfer/index');
    await availableLoaded();
    await user.type(amountField(), '0250.50');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    const dialog = screen.getByRole('dialog', { name: en.transferConfirmTitle });
    expect(dialog).toHaveTextContent(en.walletNamePlatform);
    expect(dialog).toHaveTextContent(en.walletNameSpot);
    expect(within(dialog).getByTestId('transfer-confirm-amount')).toHaveTextContent('250.5 USDT');
    expect(server.callsTo(wallet.transfer.path)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: en.transferConfirmButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/transfer/records'));
    const sent = server.callsTo(wallet.transfer.path);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.data).toEqual({ fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '250.5', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.transferDone);
    expect(await screen.findByTestId('transfer-record')).toHaveTextContent(`${en.walletNamePlatform} → ${en.walletNameSpot}250 USDT`);
  });

  it('cancelling the confirmation moves nothing', async () => {
    const user = userEvent.setup();
    renderAt('/pages/transfer/index');
    await availableLoaded();
    await user.type(amountField(), '10');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.transfer.path)).toHaveLength(0);
  });

  it('a transfer that got no answer stays open and is confirmed again with the same request id', async () => {
    const user = userEvent.setup();
    server.answers[wallet.transfer.path] = sequence('network', ok(TRANSFER), ok(TRANSFER));
    renderAt('/pages/assets/transfer');
    await availableLoaded();
    await user.type(amountField(), '250');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.transferConfirmButton }));
    expect(await within(screen.getByRole('dialog')).findByText(en.retryNotice)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.transferConfirmButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/assets/transfer-records'));
    const [first, second] = server.callsTo(wallet.transfer.path);
    expect(second!.data!.requestId).toBe(first!.data!.requestId);
  });

  it('a refused transfer closes the confirmation, and the next attempt gets a new request id', async () => {
    const user = userEvent.setup();
    server.answers[wallet.transfer.path] = sequence(refused('Insufficient balance'), ok(TRANSFER));
    const { store } = renderAt('/pages/transfer/index');
    await availableLoaded();
    await user.type(amountField(), '250');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.transferConfirmButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('Insufficient balance');
    await user.click(screen.getByRole('button', { name: en.transferSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.transferConfirmButton }));
    await waitFor(() => expect(server.callsTo(wallet.transfer.path)).toHaveLength(2));
    const [first, second] = server.callsTo(wallet.transfer.path);
    expect(second!.data!.requestId).not.toBe(first!.data!.requestId);
  });

  it('preselects ?from=&asset= (from an asset row)', async () => {
    renderAt('/pages/assets/transfer?from=spot&asset=BTC');
    await screen.findByText('Available: 5.00000 BTC');
    expect(select(en.fromLabel)).toHaveValue('spot');
    expect(select(en.toLabel)).toHaveValue('platform');
    expect(select(en.assetLabel)).toHaveValue('BTC');
  });

  it('sends a visitor to log in', async () => {
    renderAt('/pages/transfer/index', { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
  });
});

describe('transfer records (/pages/transfer/records, /pages/assets/transfer-records)', () => {
  it('lists the transfers with wallets, amount and time, and pages with "Load more"', async () => {
    const user = userEvent.setup();
    const second = { ...TRANSFER, id: '6', fromWallet: 'spot' as const, toWallet: 'contract' as const, amount: '1.5', asset: 'BTC' };
    server.answers[wallet.transferLog.path] = (call) => ok(call.params?.page === 1 ? page([TRANSFER], 2) : { ...page([second], 2), page: 2 });
    renderAt('/pages/transfer/records');
    const first = await screen.findByTestId('transfer-record');
    expect(first).toHaveTextContent(`${en.walletNamePlatform} → ${en.walletNameSpot}`);
    expect(first).toHaveTextContent('250 USDT');
    expect(first).toHaveTextContent('2026-03-01 08:00:00 UTC');
    expect(server.callsTo(wallet.transferLog.path)[0]!.params).toEqual({ page: 1, size: 20 });
    await user.click(screen.getByRole('button', { name: en.loadMore }));
    await waitFor(() => expect(screen.getAllByTestId('transfer-record')).toHaveLength(2));
    expect(screen.getAllByTestId('transfer-record')[1]).toHaveTextContent('1.5 BTC');
    expect(screen.queryByRole('button', { name: en.loadMore })).not.toBeInTheDocument();
  });

  it('says so when there are none', async () => {
    server.answers[wallet.transferLog.path] = ok(page([]));
    renderAt('/pages/assets/transfer-records');
    expect(await screen.findByText(en.transfersEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.newTransferLink })).toHaveAttribute('href', '/pages/assets/transfer');
  });

  it('links to the other records', async () => {
    renderAt('/pages/transfer/records');
    const nav = within(screen.getByRole('navigation', { name: en.recordsLabel }));
    expect(nav.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/pages/transfer/records',
      '/pages/convert/convert-records',
      '/pages/recharge/recharge-records',
      '/pages/withdraw/withdraw-history',
    ]);
    await screen.findByTestId('transfer-record');
  });
});
