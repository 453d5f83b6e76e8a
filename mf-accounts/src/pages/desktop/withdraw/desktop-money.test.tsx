import { screen } from '@testing-library/react';
import { createStore } from 'jotai';
import { tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { deposits, wallet, withdrawals } from '@meridian/contracts';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { installServer, ok, page } from '../../../components/money/test-server';

const COINS = [{ asset: 'USDT', name: 'Tether USD', scale: 6, chains: [{ id: 'TRC20', name: 'TRON (TRC20)', confirmations: 20 }], withdraw: { min: '10', max: '100000', fee: '1' } }];
let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({
    [wallet.currencies.path]: ok(COINS),
    [deposits.address.path]: ok({ asset: 'USDT', chain: 'TRC20', chainName: 'TRON (TRC20)', address: 'TXyz', confirmations: 20 }),
    [deposits.list.path]: ok(page([])),
    [withdrawals.addresses.path]: ok([]),
    [withdrawals.estimate.path]: ok({ asset: 'USDT', min: '10', max: '100000', fee: '1', standardFee: '1', feeExempt: false, feeExemptUntil: null, amount: null, amountAfterFee: null, available: '0', notice: 'No extra payment' }),
    [withdrawals.list.path]: ok(page([])),
  });
});
afterEach(() => server.restore());

function renderAt(url: string) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, 'real');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

describe('desktop deposit and withdrawal', () => {
  it('/pages/desktop/recharge shows the deposit form and the records', async () => {
    renderAt('/pages/desktop/recharge');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent('TXyz');
    expect(await screen.findByText(translations.en.depositsEmpty)).toBeInTheDocument();
  });

  it('/pages/desktop/withdraw shows the withdrawal form and the history', async () => {
    renderAt('/pages/desktop/withdraw');
    expect(await screen.findByText('Please set an address first')).toBeInTheDocument();
    expect(await screen.findByText(translations.en.withdrawalsEmpty)).toBeInTheDocument();
  });

  it('/pages/desktop/withdraw/components/history shows the history', async () => {
    renderAt('/pages/desktop/withdraw/components/history');
    expect(await screen.findByText(translations.en.withdrawalsEmpty)).toBeInTheDocument();
  });
});
