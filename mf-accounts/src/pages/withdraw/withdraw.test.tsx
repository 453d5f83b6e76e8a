import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { wallet, withdrawals } from '@meridian/contracts';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { type SavedAddress, type Withdrawal, type WithdrawEstimate } from '../../api/withdraw';
import { installServer, ok, page, refused } from '../../components/money/test-server';

const en = translations.en;
const NOTICE = 'The platform never asks for any extra payment to release a withdrawal.';
const COINS = [
  {
    asset: 'USDT',
    name: 'Tether USD',
    scale: 6,
    chains: [
      { id: 'TRC20', name: 'TRON (TRC20)', confirmations: 20 },
      { id: 'ERC20', name: 'Ethereum (ERC20)', confirmations: 12 },
    ],
    withdraw: { min: '10', max: '100000', fee: '1' },
  },
];
const ADDRESS: SavedAddress = { id: '5', asset: 'USDT', chain: 'TRC20', address: 'TXyz1234567890abcdefghijkLMNOPQRST', alias: 'My wallet', createdAt: '2026-03-01T08:00:00.000Z' };

const estimate = (overrides: Partial<WithdrawEstimate> = {}): WithdrawEstimate => ({
  asset: 'USDT',
  chains: [{ id: 'TRC20', name: 'TRON (TRC20)' }],
  min: '10',
  max: '100000',
  fee: '1',
  standardFee: '1',
  feeExempt: false,
  feeExemptUntil: null,
  amount: null,
  amountAfterFee: null,
  available: '500.25',
  notice: NOTICE,
  ...overrides,
});

const withdrawal = (overrides: Partial<Withdrawal> = {}): Withdrawal => ({
  id: '9',
  asset: 'USDT',
  chain: 'TRC20',
  chainName: 'TRON (TRC20)',
  address: ADDRESS.address,
  alias: 'My wallet',
  amount: '100',
  fee: '1',
  amountAfterFee: '99',
  feeExempt: false,
  status: 'pending',
  reason: null,
  txHash: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  approvedAt: null,
  completedAt: null,
  rejectedAt: null,
  canceledAt: null,
  events: [{ status: 'pending', at: '2026-03-01T08:00:00.000Z', actor: 'user', reason: null }],
  ...overrides,
});

let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({
    [wallet.currencies.path]: ok(COINS),
    [withdrawals.addresses.path]: ok([ADDRESS]),
    [withdrawals.estimate.path]: (call) =>
      ok(call.params?.amount ? estimate({ amount: String(call.params.amount), amountAfterFee: String(Number(call.params.amount) - 1) }) : estimate()),
    [withdrawals.confirm.path]: (call) =>
      ok({
        asset: 'USDT',
        chain: 'TRC20',
        chainName: 'TRON (TRC20)',
        address: ADDRESS.address,
        alias: ADDRESS.alias,
        amount: call.data?.amount,
        fee: '1',
        standardFee: '1',
        feeExempt: false,
        feeExemptUntil: null,
        amountAfterFee: '99',
        available: '500.25',
        fundPasswordSet: true,
        notice: NOTICE,
      }),
    [withdrawals.create.path]: ok({ ...withdrawal(), notice: NOTICE }),
    [withdrawals.list.path]: ok(page([])),
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

const amountField = () => screen.getByLabelText(en.amountLabel, { selector: 'input' });

describe('withdraw (/pages/withdraw/withdraw)', () => {
  it('shows the live estimate: fee, min–max, amount after fee and the no-extra-payment notice', async () => {
    const user = userEvent.setup();
    renderAt('/pages/withdraw/withdraw');
    expect(await screen.findByTestId('withdraw-fee')).toHaveTextContent('1 USDT');
    expect(screen.getByTestId('withdraw-limits')).toHaveTextContent('10 – 100,000 USDT');
    expect(screen.getByTestId('withdraw-notice')).toHaveTextContent(NOTICE);
    expect(screen.queryByTestId('withdraw-exempt')).not.toBeInTheDocument();
    await user.type(amountField(), '100');
    await waitFor(() => expect(screen.getByTestId('withdraw-after-fee')).toHaveTextContent('99 USDT'));
    expect(server.callsTo(withdrawals.estimate.path).at(-1)?.params).toEqual({ asset: 'USDT', amount: '100' });
    await user.clear(amountField());
    await user.type(amountField(), '5');
    expect(screen.getByText('The minimum is 10 USDT')).toBeInTheDocument();
  });

  it('says when the estimate could not be loaded, and its retry asks again (the estimate is a contract read)', async () => {
    const user = userEvent.setup();
    server.answers[withdrawals.estimate.path] = refused('busy');
    renderAt('/pages/withdraw/withdraw');
    expect(await screen.findByText(en.withdrawEstimateFailed)).toBeInTheDocument();
    const asked = server.callsTo(withdrawals.estimate.path).length;
    server.answers[withdrawals.estimate.path] = ok(estimate());
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('withdraw-fee')).toHaveTextContent('1 USDT');
    expect(server.callsTo(withdrawals.estimate.path).length).toBeGreaterThan(asked);
  });

  it('says when a new user is exempt from the fee, and until when', async () => {
    server.answers[withdrawals.estimate.path] = ok(estimate({ fee: '0', feeExempt: true, feeExemptUntil: '2026-06-01T00:00:00.000Z' }));
    renderAt('/pages/withdraw/withdraw');
    expect(await screen.findByTestId('withdraw-exempt')).toHaveTextContent('No fee for new users until 2026-06-01 00:00:00 UTC (standard fee 1 USDT)');
    expect(screen.getByTestId('withdraw-fee')).toHaveTextContent('0 USDT');
  });

  it('confirms (nothing moves), asks the fund password, then creates once with one request id', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/withdraw/withdraw');
    await screen.findByTestId('withdraw-fee');
    await waitFor(() => expect(screen.getByLabelText(en.withdrawAddressLabel, { selector: 'select' })).toHaveValue('5'));
    await user.type(amountField(), '100');
    await user.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    const sheet = await screen.findByRole('dialog', { name: en.withdrawConfirmTitle });
    expect(server.callsTo(withdrawals.confirm.path)[0]!.data).toEqual({ asset: 'USDT', chain: 'TRC20', addressId: '5', amount: '100' });
    expect(sheet).toHaveTextContent('99 USDT');
    expect(sheet).toHaveTextContent(NOTICE);
    expect(server.callsTo(withdrawals.create.path)).toHaveLength(0);

    await user.click(within(sheet).getByRole('button', { name: en.withdrawConfirmButton }));
    const dialog = await screen.findByRole('dialog', { name: en.fundPasswordDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: en.withdrawCreateButton }));
    expect(within(dialog).getByText(en.fundPasswordRequired)).toBeInTheDocument();
    expect(server.callsTo(withdrawals.create.path)).toHaveLength(0);

    // a wrong password: the same action, so the retry keeps the request id
    server.answers[withdrawals.create.path] = refused('The fund password is not correct');
    await user.type(within(dialog).getByLabelText(en.fundPasswordLabel), 'wrong1');
    await user.click(within(dialog).getByRole('button', { name: en.withdrawCreateButton }));
    await waitFor(() => expect(server.callsTo(withdrawals.create.path)).toHaveLength(1));
    server.answers[withdrawals.create.path] = ok({ ...withdrawal(), notice: NOTICE });
    await user.clear(within(dialog).getByLabelText(en.fundPasswordLabel));
    await user.type(within(dialog).getByLabelText(en.fundPasswordLabel), 'secret1');
    await user.click(within(dialog).getByRole('button', { name: en.withdrawCreateButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const sent = server.callsTo(withdrawals.create.path);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.data).toEqual({ asset: 'USDT', chain: 'TRC20', addressId: '5', amount: '100', fundPassword: 'secret1', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) });
    expect(sent[1]!.data?.requestId).toBe(sent[0]!.data?.requestId);
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.withdrawCreated);
  });

  it('links to setting a fund password when none is set, and offers no way to create', async () => {
    const user = userEvent.setup();
    const confirm = server.answers[withdrawals.confirm.path] as (call: never) => { data: Record<string, unknown> };
    server.answers[withdrawals.confirm.path] = (call) => ok({ ...confirm(call as never).data, fundPasswordSet: false });
    renderAt('/pages/withdraw/withdraw');
    await screen.findByTestId('withdraw-fee');
    await waitFor(() => expect(screen.getByLabelText(en.withdrawAddressLabel, { selector: 'select' })).toHaveValue('5'));
    await user.type(amountField(), '100');
    await user.click(screen.getByRole('button', { name: en.withdrawSubmit }));
    const sheet = await screen.findByRole('dialog', { name: en.withdrawConfirmTitle });
    expect(within(sheet).getByRole('link', { name: en.setFundPasswordLink })).toHaveAttribute('href', '/pages/profile/security-center/payment-password');
    expect(within(sheet).queryByRole('button', { name: en.withdrawConfirmButton })).not.toBeInTheDocument();
  });

  it('without a saved address says "Please set an address first" with a link to add one', async () => {
    server.answers[withdrawals.addresses.path] = ok([]);
    renderAt('/pages/withdraw/withdraw');
    expect(await screen.findByText('Please set an address first')).toBeInTheDocument();
    expect(within(screen.getByTestId('no-address')).getByRole('link', { name: en.addAddressLink })).toHaveAttribute('href', '/pages/withdraw/create-address?asset=USDT&chain=TRC20');
    expect(screen.getByRole('button', { name: en.withdrawSubmit })).toBeDisabled();
  });
});

describe('address book', () => {
  it('create-address shows the server\'s "Invalid chain type" under the address, and saves a good one back to withdraw', async () => {
    const user = userEvent.setup();
    server.answers[withdrawals.saveAddress.path] = refused('Invalid chain type');
    renderAt('/pages/withdraw/create-address?asset=USDT&chain=ERC20');
    const field = await screen.findByLabelText(en.withdrawAddressLabel, { selector: 'input' });
    await user.type(field, 'not-an-address');
    await user.click(screen.getByRole('button', { name: en.saveAddressButton }));
    expect(await screen.findByText('Invalid chain type')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(server.callsTo(withdrawals.saveAddress.path)[0]!.data).toEqual({ asset: 'USDT', chain: 'ERC20', address: 'not-an-address' });

    server.answers[withdrawals.saveAddress.path] = ok({ ...ADDRESS, id: '6', chain: 'ERC20' });
    await user.click(screen.getByRole('button', { name: en.saveAddressButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/withdraw/withdraw'));
    expect(window.location.search).toBe('?asset=USDT&chain=ERC20&addressId=6');
  });

  it('deletes an address after a confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/pages/withdraw/withdraw-address-list');
    const item = await screen.findByTestId('address-item');
    await user.click(within(item).getByRole('button', { name: en.deleteButton }));
    const dialog = screen.getByRole('dialog', { name: en.deleteAddressTitle });
    await user.click(within(dialog).getByRole('button', { name: en.deleteButton }));
    await waitFor(() => expect(screen.queryByTestId('address-item')).not.toBeInTheDocument());
    expect(server.callsTo(withdrawals.deleteAddress.path)[0]!.data).toEqual({ id: '5' });
  });
});

describe('withdrawal history (/pages/withdraw/withdraw-history)', () => {
  it('shows every event with its time and reason, and cancels a pending one after a confirmation', async () => {
    const user = userEvent.setup();
    server.answers[withdrawals.list.path] = ok(
      page([
        withdrawal(),
        withdrawal({
          id: '8',
          status: 'rejected',
          reason: 'Address under review',
          events: [
            { status: 'pending', at: '2026-02-01T08:00:00.000Z', actor: 'user', reason: null },
            { status: 'rejected', at: '2026-02-02T09:30:00.000Z', actor: 'operator', reason: 'Address under review' },
          ],
        }),
      ]),
    );
    server.answers[withdrawals.cancel.path] = ok(withdrawal({ status: 'canceled' }));
    renderAt('/pages/withdraw/withdraw-history');
    const rows = await screen.findAllByTestId('withdraw-record');
    expect(within(rows[0]!).getByTestId('withdraw-status')).toHaveTextContent('Pending');
    expect(within(rows[1]!).getByTestId('withdraw-status')).toHaveTextContent('Rejected');
    expect(within(rows[1]!).getByTestId('withdraw-events')).toHaveTextContent('2026-02-02 09:30:00 UTC · Rejected · operator · Address under review');
    expect(within(rows[1]!).queryByRole('button', { name: en.cancelWithdrawButton })).not.toBeInTheDocument();

    await user.click(within(rows[0]!).getByRole('button', { name: en.cancelWithdrawButton }));
    const dialog = screen.getByRole('dialog', { name: en.cancelWithdrawTitle });
    expect(server.callsTo(withdrawals.cancel.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.cancelWithdrawButton }));
    await waitFor(() => expect(server.callsTo(withdrawals.cancel.path)).toHaveLength(1));
    expect(server.callsTo(withdrawals.cancel.path)[0]!.data).toEqual({ id: '9' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
