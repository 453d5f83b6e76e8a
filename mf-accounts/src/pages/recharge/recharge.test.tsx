import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { deposits, wallet } from '@meridian/contracts';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { type Deposit } from '../../api/deposit';
import { installServer, ok, page, sequence } from '../../components/money/test-server';
import { DEPOSIT_REFRESH_MS } from './components/DepositRecords';

const en = translations.en;
const TRC = 'TXyz1234567890abcdefghijkLMNOPQRST';
const ERC = '0x52908400098527886E0F7030069857D2E4169EE7';
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
  { asset: 'BTC', name: 'Bitcoin', scale: 8, chains: [{ id: 'BTC', name: 'Bitcoin', confirmations: 2 }], withdraw: { min: '0.001', max: '10', fee: '0.0005' } },
];

const deposit = (overrides: Partial<Deposit>): Deposit => ({
  id: '1',
  asset: 'USDT',
  channel: 'terminal',
  channelName: 'Terminal recharge',
  amount: '250.5',
  number: '0xabc',
  txHash: '0xabc',
  chain: 'TRC20',
  fromAddress: 'TFromAddr',
  toAddress: TRC,
  confirmations: 3,
  requiredConfirmations: 20,
  status: 'in_progress',
  reason: null,
  createdAt: '2026-03-01T08:00:00.000Z',
  creditedAt: null,
  ...overrides,
});

let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({
    [wallet.currencies.path]: ok(COINS),
    [deposits.address.path]: (call) =>
      ok({
        asset: call.params?.asset,
        chain: call.params?.chain,
        chainName: call.params?.chain === 'ERC20' ? 'Ethereum (ERC20)' : 'TRON (TRC20)',
        address: call.params?.chain === 'ERC20' ? ERC : TRC,
        confirmations: call.params?.chain === 'ERC20' ? 12 : 20,
      }),
    [deposits.list.path]: ok(page([])),
  });
  localStorage.clear();
});
afterEach(() => {
  server.restore();
  jest.useRealTimers();
});

function renderAt(url: string) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, 'real');
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

describe('deposit (/pages/recharge/index)', () => {
  it('shows the address of the first chain with its QR code, confirmations and the notes; another chain tab loads its own', async () => {
    const user = userEvent.setup();
    renderAt('/pages/recharge/index');
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(TRC);
    expect(server.callsTo(deposits.address.path).at(-1)?.params).toEqual({ asset: 'USDT', chain: 'TRC20' });
    await waitFor(() => expect(screen.getByTestId('deposit-qr')).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/)));
    expect(screen.getByTestId('deposit-confirmations')).toHaveTextContent('Credited after 20 network confirmations.');
    expect(screen.getByText('There is no deposit fee.')).toBeInTheDocument();
    expect(screen.getByText(/Send only USDT on the TRON \(TRC20\) network/)).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Ethereum (ERC20)' }));
    await waitFor(() => expect(screen.getByTestId('deposit-address')).toHaveTextContent(ERC));
    expect(screen.getByTestId('deposit-confirmations')).toHaveTextContent('12');
    expect(screen.getByRole('tab', { name: 'Ethereum (ERC20)' })).toHaveAttribute('aria-selected', 'true');
  });

  it('opened from a trade screen (?redirect=): a link back to it; an outside address is ignored', async () => {
    const view = renderAt('/pages/recharge/index?asset=USDT&redirect=%2Fpages%2Ftrade-margin%2Findex%3Fsymbol%3DBTCUSDT');
    await screen.findByTestId('deposit-address');
    expect(screen.getByTestId('deposit-back')).toHaveTextContent(en.depositBackToTrading);
    expect(screen.getByTestId('deposit-back')).toHaveAttribute('href', '/pages/trade-margin/index?symbol=BTCUSDT');
    view.unmount();
    renderAt('/pages/recharge/index?redirect=https%3A%2F%2Fevil.example');
    await screen.findByTestId('deposit-address');
    expect(screen.queryByTestId('deposit-back')).not.toBeInTheDocument();
  });

  it('copies the address and says so', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/recharge/index');
    await screen.findByTestId('deposit-address');
    await user.click(screen.getByRole('button', { name: en.copyAddress }));
    await expect(navigator.clipboard.readText()).resolves.toBe(TRC);
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.addressCopied);
  });

  it('a failed address load shows a retry that loads it again', async () => {
    const user = userEvent.setup();
    server.answers[deposits.address.path] = sequence('network', ok({ asset: 'USDT', chain: 'TRC20', chainName: 'TRON (TRC20)', address: TRC, confirmations: 20 }));
    renderAt('/pages/recharge/index');
    expect(await screen.findByText(en.depositAddressFailed)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('deposit-address')).toHaveTextContent(TRC);
  });
});

describe('deposit records (/pages/recharge/recharge-records)', () => {
  it('shows each status: in progress with x/y confirmations, success, fail with its reason; amount, hash, addresses, time', async () => {
    server.answers[deposits.list.path] = ok(
      page([
        deposit({ id: '3' }),
        deposit({ id: '2', status: 'success', confirmations: 20, creditedAt: '2026-03-01T08:10:00.000Z', amount: '1000' }),
        deposit({ id: '1', status: 'fail', reason: 'Transfer dropped by the network', txHash: '0xdead', number: '0xdead' }),
      ]),
    );
    renderAt('/pages/recharge/recharge-records');
    const rows = await screen.findAllByTestId('deposit-record');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByTestId('deposit-status')).toHaveTextContent('In progress · 3/20 confirmations');
    expect(rows[0]).toHaveTextContent('+250.5 USDT');
    expect(rows[0]).toHaveTextContent('0xabc');
    expect(rows[0]).toHaveTextContent('TFromAddr');
    expect(rows[0]).toHaveTextContent(TRC);
    expect(rows[0]).toHaveTextContent('2026-03-01 08:00:00 UTC');
    expect(within(rows[1]!).getByTestId('deposit-status')).toHaveTextContent(/^Success$/);
    expect(rows[1]).toHaveTextContent('+1,000 USDT');
    expect(within(rows[2]!).getByTestId('deposit-status')).toHaveTextContent('Failed');
    expect(rows[2]).toHaveTextContent('Reason: Transfer dropped by the network');
  });

  it('refreshes by itself every few seconds while a deposit is in progress, and stops once none is', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    server.answers[deposits.list.path] = sequence(ok(page([deposit({ confirmations: 19 })])), ok(page([deposit({ status: 'success', confirmations: 20 })])));
    renderAt('/pages/recharge/recharge-list');
    expect(await screen.findByText(/19\/20 confirmations/)).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(DEPOSIT_REFRESH_MS);
    });
    await waitFor(() => expect(screen.getByTestId('deposit-status')).toHaveTextContent(/^Success$/));
    const calls = server.callsTo(deposits.list.path).length;
    await act(async () => {
      jest.advanceTimersByTime(DEPOSIT_REFRESH_MS * 3);
    });
    expect(server.callsTo(deposits.list.path)).toHaveLength(calls);
  });

  it('says when there are no deposits', async () => {
    renderAt('/pages/recharge/recharge-records');
    expect(await screen.findByText(en.depositsEmpty)).toBeInTheDocument();
  });
});
