import { wallet } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import { toastsAtom, tokenAtom, typeUserAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { ESTIMATE_DEBOUNCE_MS, ESTIMATE_REFRESH_MS } from '../../components/money/ConvertForm';
import { CONVERSION, CURRENCIES, estimate, installServer, ok, page, refused, sequence } from '../../components/money/test-server';

const en = translations.en;
let server: ReturnType<typeof installServer>;

const FIRST = estimate('0.00001582', '0.01582');
const MOVED = estimate('0.0000157', '0.0157', { spread: '0.0041' });
/** The server's answer when the market moved: known by its key, its text in the user's language (here German). */
const rateMoved = refused('Der Kurs hat sich geändert, bitte bestätigen Sie die neue Schätzung', 1002, 'rateMoved');

beforeEach(() => {
  server = installServer({
    [wallet.convertCurrencies.path]: ok(CURRENCIES),
    [wallet.validAsset.path]: (call) => ok({ wallet: 'platform', asset: call.params?.asset, available: '5000' }),
    [wallet.estimate.path]: ok(FIRST),
    [wallet.convert.path]: ok(CONVERSION),
    [wallet.convertHistory.path]: ok(page([CONVERSION])),
  });
  localStorage.clear();
});
afterEach(() => server.restore());

function renderAt(url: string, { mode = 'real' as 'real' | 'demo' } = {}) {
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(typeUserAtom, mode);
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const amountField = () => screen.getByLabelText(en.amountLabel, { selector: 'input' });
const select = (label: string) => screen.getByLabelText(label, { selector: 'select' });

async function typeAmount(user: ReturnType<typeof userEvent.setup>, value: string) {
  await screen.findByText('Available: 5,000.00 USDT');
  await user.type(amountField(), value);
}

describe('convert (/pages/convert/index)', () => {
  it('shows the rate, the spread as a percentage and what is received BEFORE confirming', async () => {
    const user = userEvent.setup();
    renderAt('/pages/convert/index');
    expect(screen.getByTestId('convert-estimate')).toHaveTextContent(en.estimateHint);
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByTestId('estimate-receive')).toHaveTextContent('≈ 0.01582 BTC'));
    // one estimate for the whole typed amount (debounced), with the platform wallet's available asked first
    expect(server.callsTo(wallet.estimate.path).map((call) => call.params)).toEqual([{ from: 'USDT', to: 'BTC', amount: '1000' }]);
    expect(server.callsTo(wallet.validAsset.path)[0]!.params).toEqual({ accountType: 1, asset: 'USDT' });
    expect(screen.getByTestId('estimate-rate')).toHaveTextContent('1 USDT ≈ 0.0000158200 BTC');
    // the rate wraps only between its two halves, never inside the number (identity-obj-proxy class names)
    expect([...screen.getByTestId('estimate-rate').querySelectorAll('.nowrap')].map((part) => part.textContent)).toEqual(['1 USDT ≈', '0.0000158200 BTC']);
    expect(screen.getByTestId('estimate-spread')).toHaveTextContent('0.32%');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.convert.path)).toHaveLength(0);
  });

  it('asks once typing stops, then follows the market every few seconds', async () => {
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      renderAt('/pages/convert/index');
      await typeAmount(user, '1000');
      // an answer's way through the stub server and the query's notification timers (a few ms, far below the refresh)
      const arrives = () => act(() => jest.advanceTimersByTimeAsync(50));
      await act(() => jest.advanceTimersByTimeAsync(ESTIMATE_DEBOUNCE_MS));
      await arrives();
      expect(screen.getByTestId('estimate-receive')).toHaveTextContent('≈ 0.01582 BTC');
      expect(server.callsTo(wallet.estimate.path)).toHaveLength(1);
      server.answers[wallet.estimate.path] = ok(MOVED);
      await act(() => jest.advanceTimersByTimeAsync(ESTIMATE_REFRESH_MS));
      await arrives();
      expect(screen.getByTestId('estimate-receive')).toHaveTextContent('≈ 0.0157 BTC');
      expect(server.callsTo(wallet.estimate.path)).toHaveLength(2);
      // while the confirmation is open the shown estimate stays as confirmed
      await user.click(screen.getByRole('button', { name: en.convertSubmit }));
      await act(() => jest.advanceTimersByTimeAsync(ESTIMATE_REFRESH_MS * 2));
      expect(server.callsTo(wallet.estimate.path)).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('the confirmation repeats the estimate, shows the minimum received and sends the rate less the 0.5 % tolerance as minRate, with a request id', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/convert/index');
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByRole('button', { name: en.convertSubmit })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.convertSubmit }));
    const dialog = screen.getByRole('dialog', { name: en.convertConfirmTitle });
    expect(dialog).toHaveTextContent('1,000 USDT');
    expect(within(dialog).getByTestId('estimate-spread')).toHaveTextContent('0.32%');
    expect(within(dialog).getByTestId('estimate-receive')).toHaveTextContent('≈ 0.01582 BTC');
    expect(within(dialog).getByTestId('estimate-min-receive')).toHaveTextContent('0.0157409 BTC');
    await user.click(within(dialog).getByRole('button', { name: en.convertConfirmButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/convert/convert-records'));
    expect(server.callsTo(wallet.convert.path).map((call) => call.data)).toEqual([
      { from: 'USDT', to: 'BTC', amount: '1000', minRate: '0.0000157409', requestId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
    ]);
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('Conversion completed: 0.01582 BTC received');
  });

  it('when the rate moved, shows the new estimate and asks again; the new confirmation sends the new rate', async () => {
    const user = userEvent.setup();
    server.answers[wallet.convert.path] = sequence(rateMoved, ok(CONVERSION));
    const { store } = renderAt('/pages/convert/index');
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByRole('button', { name: en.convertSubmit })).toBeEnabled());
    server.answers[wallet.estimate.path] = ok(MOVED);
    await user.click(screen.getByRole('button', { name: en.convertSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.convertConfirmButton }));

    const asked = await screen.findByRole('dialog', { name: en.rateChangedTitle });
    expect(within(asked).getByTestId('rate-changed')).toHaveTextContent(en.rateChangedBody);
    expect(within(asked).getByTestId('estimate-receive')).toHaveTextContent('≈ 0.0157 BTC');
    expect(within(asked).getByTestId('estimate-spread')).toHaveTextContent('0.41%');
    // the refusal is answered by the dialog, not by an error toast
    expect(store.get(toastsAtom).map((toast) => toast.text)).not.toContain(rateMoved.msg);

    await user.click(within(asked).getByRole('button', { name: en.convertConfirmButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/convert/convert-records'));
    const [first, second] = server.callsTo(wallet.convert.path);
    expect(first!.data!.minRate).toBe('0.0000157409');
    expect(second!.data!.minRate).toBe('0.0000156215');
    expect(second!.data!.requestId).not.toBe(first!.data!.requestId);
  });

  it('a conversion that got no answer stays open and is confirmed again with the same request id and rate', async () => {
    const user = userEvent.setup();
    server.answers[wallet.convert.path] = sequence('network', ok(CONVERSION));
    renderAt('/pages/convert/index');
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByRole('button', { name: en.convertSubmit })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.convertSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.convertConfirmButton }));
    expect(await within(screen.getByRole('dialog')).findByText(en.retryNotice)).toBeInTheDocument();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.convertConfirmButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/convert/convert-records'));
    const [first, second] = server.callsTo(wallet.convert.path);
    expect(second!.data).toEqual(first!.data);
  });

  it('cancelling the new estimate converts nothing', async () => {
    const user = userEvent.setup();
    server.answers[wallet.convert.path] = rateMoved;
    renderAt('/pages/convert/index');
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByRole('button', { name: en.convertSubmit })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.convertSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.convertConfirmButton }));
    const asked = await screen.findByRole('dialog', { name: en.rateChangedTitle });
    await user.click(within(asked).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.callsTo(wallet.convert.path)).toHaveLength(1);
    expect(window.location.pathname).toBe('/pages/convert/index');
  });

  it('another refusal is toasted and closes the confirmation', async () => {
    const user = userEvent.setup();
    server.answers[wallet.convert.path] = refused('Insufficient balance');
    const { store } = renderAt('/pages/convert/index');
    await typeAmount(user, '1000');
    await waitFor(() => expect(screen.getByRole('button', { name: en.convertSubmit })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: en.convertSubmit }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.convertConfirmButton }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['Insufficient balance']);
  });

  it('checks the amount inline (invalid, above the balance) and asks no estimate for an invalid one', async () => {
    const user = userEvent.setup();
    renderAt('/pages/convert/index');
    await typeAmount(user, '0');
    expect(screen.getByText('Invalid amount')).toBeInTheDocument();
    await user.clear(amountField());
    await user.type(amountField(), '5000.01');
    expect(screen.getByText('Insufficient balance')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.maxButton }));
    expect(amountField()).toHaveValue('5000');
    expect(screen.queryByText('Insufficient balance')).not.toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(wallet.estimate.path).at(-1)?.params).toEqual({ from: 'USDT', to: 'BTC', amount: '5000' }));
    expect(server.callsTo(wallet.estimate.path).some((call) => call.params?.amount === '0')).toBe(false);
  });

  it('refuses converting a currency into itself, and swaps the two', async () => {
    const user = userEvent.setup();
    renderAt('/pages/convert/index');
    await typeAmount(user, '10');
    await user.selectOptions(select(en.toLabel), 'USDT');
    expect(screen.getByText(en.sameAssetError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.convertSubmit })).toBeDisabled();
    await user.selectOptions(select(en.toLabel), 'ETH');
    await user.click(screen.getByRole('button', { name: en.swapAssets }));
    expect(select(en.fromLabel)).toHaveValue('ETH');
    expect(select(en.toLabel)).toHaveValue('USDT');
  });

  it('shows the server’s refusal of an estimate beside the amount', async () => {
    const user = userEvent.setup();
    server.answers[wallet.estimate.path] = refused('Invalid amount');
    renderAt('/pages/convert/index');
    await typeAmount(user, '0.000001');
    await waitFor(() => expect(screen.getByTestId('convert-estimate')).toHaveTextContent('Invalid amount'));
    expect(screen.getByRole('button', { name: en.convertSubmit })).toBeDisabled();
  });
});

describe('convert records (/pages/convert/convert-records)', () => {
  it('lists the conversions: paid, received, rate, spread and time', async () => {
    renderAt('/pages/convert/convert-records');
    const record = await screen.findByTestId('convert-record');
    expect(record).toHaveTextContent('−1,000 USDT');
    expect(record).toHaveTextContent('+0.01582 BTC');
    expect(record).toHaveTextContent('1 USDT ≈ 0.0000158200 BTC');
    expect(record).toHaveTextContent('0.32%');
    expect(record).toHaveTextContent('2026-03-01 08:00:01 UTC');
  });

  it('says so when there are none', async () => {
    server.answers[wallet.convertHistory.path] = ok(page([]));
    renderAt('/pages/convert/convert-records');
    expect(await screen.findByText(en.conversionsEmpty)).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    const user = userEvent.setup();
    server.answers[wallet.convertHistory.path] = sequence(refused('busy', 500), ok(page([CONVERSION])));
    renderAt('/pages/convert/convert-records');
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('convert-record')).toBeInTheDocument();
  });
});
