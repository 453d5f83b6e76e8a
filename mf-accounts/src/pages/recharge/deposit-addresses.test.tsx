import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { depositAddresses, wallet } from '@meridian/contracts';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { installServer, ok, refused } from '../../components/money/test-server';

const en = translations.en;
const COINS = [
  { asset: 'USDT', name: 'Tether USD', scale: 6, chains: [{ id: 'TRC20', name: 'TRON (TRC20)', confirmations: 20 }, { id: 'ERC20', name: 'Ethereum (ERC20)', confirmations: 12 }], withdraw: { min: '10', max: '100000', fee: '1' } },
];
const address = (id: string, label: string, primary: boolean, addr: string) => ({ id, asset: 'USDT', chain: 'TRC20', chainName: 'TRON (TRC20)', address: addr, label, primary, createdAt: '2026-03-01T08:00:00.000Z' });
const MAIN = address('1', '', true, 'TMainAddress0000000000000000000001');
const SAVINGS = address('2', 'Savings', false, 'TSavingsAddress00000000000000000002');
const REPORT = { id: '5', asset: 'USDT', chain: 'TRC20', txHash: 'abc123def456', amount: '40', status: 'rejected', reason: 'No such transfer', createdAt: '2026-03-01T08:00:00.000Z', decidedAt: '2026-03-01T09:00:00.000Z' };

// a screen of several calls and dialogs: more than the default 5 s when the machine is loaded
jest.setTimeout(20_000);

let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({
    [wallet.currencies.path]: ok(COINS),
    [depositAddresses.addresses.path]: ok([MAIN, SAVINGS]),
    [depositAddresses.reports.path]: ok([REPORT]),
    [depositAddresses.createAddress.path]: (call) => ok(address('3', String(call.data?.label ?? ''), false, 'TNew')),
    [depositAddresses.updateAddress.path]: (call) => ok({ ...SAVINGS, label: String(call.data?.label) }),
    [depositAddresses.deleteAddress.path]: (call) => ok({ id: String(call.data?.id) }),
    [depositAddresses.report.path]: (call) => ok({ ...REPORT, id: '6', status: 'pending', reason: '', txHash: String(call.data?.txHash), amount: String(call.data?.amount), decidedAt: null }),
  });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, 'real');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

describe('deposit addresses (/pages/recharge/deposit-addresses)', () => {
  it('lists the addresses of the chosen coin and network: the main one cannot be removed, a further one only after a confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/pages/recharge/deposit-addresses');
    const rows = await screen.findAllByTestId('book-address');
    expect(server.callsTo(depositAddresses.addresses.path).at(-1)?.params).toEqual({ asset: 'USDT', chain: 'TRC20' });
    expect(rows[0]).toHaveTextContent(en.depositAddressPrimary);
    expect(rows[0]).toHaveTextContent(en.depositAddressNoLabel);
    expect(within(rows[0]!).queryByTestId('book-remove')).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Savings');

    await user.click(within(rows[1]!).getByTestId('book-remove'));
    const dialog = screen.getByTestId('book-remove-dialog');
    expect(dialog).toHaveTextContent(SAVINGS.address);
    expect(dialog).toHaveTextContent('still credited');
    // nothing is removed before the confirmation; cancelling removes nothing
    await user.click(within(dialog).getByRole('button', { name: en.cancelButton }));
    expect(server.callsTo(depositAddresses.deleteAddress.path)).toHaveLength(0);
    await user.click(within(rows[1]!).getByTestId('book-remove'));
    await user.click(screen.getByTestId('book-remove-confirm'));
    await waitFor(() => expect(server.callsTo(depositAddresses.deleteAddress.path)[0]?.data).toEqual({ id: '2' }));
    // the list is read again (the DEPOSIT_ADDRESSES group)
    await waitFor(() => expect(server.callsTo(depositAddresses.addresses.path).length).toBeGreaterThan(1));

    await user.click(screen.getByRole('tab', { name: 'Ethereum (ERC20)' }));
    await waitFor(() => expect(server.callsTo(depositAddresses.addresses.path).at(-1)?.params).toEqual({ asset: 'USDT', chain: 'ERC20' }));
  });

  it('adds a labelled address and renames one', async () => {
    const user = userEvent.setup();
    renderAt('/pages/recharge/deposit-addresses');
    const rows = await screen.findAllByTestId('book-address');
    await user.type(screen.getByTestId('book-add-label'), 'Exchange');
    await user.click(screen.getByTestId('book-add-submit'));
    await waitFor(() => expect(server.callsTo(depositAddresses.createAddress.path)[0]?.data).toEqual({ asset: 'USDT', chain: 'TRC20', label: 'Exchange' }));
    await user.click(within(rows[1]!).getByTestId('book-rename'));
    const input = screen.getByTestId('book-label-input');
    await user.clear(input);
    await user.type(input, 'Cold');
    await user.click(screen.getByTestId('book-label-save'));
    await waitFor(() => expect(server.callsTo(depositAddresses.updateAddress.path)[0]?.data).toEqual({ id: '2', label: 'Cold' }));
  });

  it('reports a deposit on the chosen network after checking the hash and amount, and shows what staff decided', async () => {
    const user = userEvent.setup();
    renderAt('/pages/recharge/deposit-addresses');
    const item = await screen.findByTestId('report-item');
    expect(within(item).getByTestId('report-status')).toHaveTextContent(en.depositReportRejected);
    expect(item).toHaveTextContent('Reason: No such transfer');
    expect(screen.getByText(/Nothing is credited until staff/)).toBeInTheDocument();

    await user.type(screen.getByTestId('report-tx'), 'bad#');
    await user.type(screen.getByTestId('report-amount'), '0');
    await user.click(screen.getByTestId('report-submit'));
    expect(await screen.findByText(en.txHashInvalid)).toBeInTheDocument();
    expect(server.callsTo(depositAddresses.report.path)).toHaveLength(0);

    await user.clear(screen.getByTestId('report-tx'));
    await user.type(screen.getByTestId('report-tx'), 'f00dbabe1234');
    await user.clear(screen.getByTestId('report-amount'));
    await user.type(screen.getByTestId('report-amount'), '12.5');
    await user.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(server.callsTo(depositAddresses.report.path)[0]?.data).toEqual({ asset: 'USDT', chain: 'TRC20', txHash: 'f00dbabe1234', amount: '12.5' }));
    await waitFor(() => expect(server.callsTo(depositAddresses.reports.path).length).toBeGreaterThan(1));
  });

  it('shows the empty and the failed states, with a retry', async () => {
    server.answers[depositAddresses.addresses.path] = refused('down', 500);
    server.answers[depositAddresses.reports.path] = ok([]);
    renderAt('/pages/recharge/deposit-addresses');
    expect(await screen.findByText(en.depositAddressesFailed)).toBeInTheDocument();
    expect(await screen.findByText(en.depositReportsEmpty)).toBeInTheDocument();
    server.answers[depositAddresses.addresses.path] = ok([]);
    await userEvent.setup().click(screen.getByRole('button', { name: /retry|try again/i }));
    expect(await screen.findByText(en.depositAddressesEmpty)).toBeInTheDocument();
  });

  it('has a desktop page, reached from the desktop deposit screen', async () => {
    renderAt('/pages/desktop/recharge');
    expect(await screen.findByTestId('deposit-addresses-link')).toHaveAttribute('href', '/pages/desktop/recharge/deposit-addresses');
  });

  it('is reached from the deposit screen', async () => {
    renderAt('/pages/recharge/index');
    expect(await screen.findByTestId('deposit-addresses-link')).toHaveAttribute('href', '/pages/recharge/deposit-addresses');
  });
});
