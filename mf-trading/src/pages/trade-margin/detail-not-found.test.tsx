import { perpetual, seconds, trading } from '@meridian/contracts';
import { screen } from '@testing-library/react';
import { commonTexts } from '@meridian/shared/testing';
import { translations } from '../../all-texts';
import { ok, recordServer, renderTradeApp } from '../../testing/trade-fixtures';

/*
 * A detail screen opened without an id, or with one the server does not know, says "not found" beside its way
 * back — never "Loading…" forever, nor "could not be loaded" with a retry that cannot help; a real failure still
 * offers the retry.
 */

const common = commonTexts.en;
const en = translations.en;
const REFUSALS: Record<string, { reason: string; msg: string }> = {
  [trading.spotDetail.path]: { reason: 'orderNotFound', msg: 'Order not found' },
  [perpetual.detail.path]: { reason: 'positionNotFound', msg: 'Position not found' },
  [seconds.detail.path]: { reason: 'secondsContractNotFound', msg: 'Contract not found' },
};
const server = recordServer(({ url, params }) => {
  const id = String(params?.orderId ?? params?.positionId ?? params?.id ?? '');
  // id 500: the server fails (no refusal key); any other id is unknown
  if (REFUSALS[url]) return id === '500' ? { code: 500, msg: 'Internal error', data: null } : { code: 500, data: null, ...REFUSALS[url] };
  if (url === trading.spotHoldings.path) return ok([]);
  return undefined;
});

const DETAILS: Array<[screen: string, query: string]> = [
  ['/pages/trade-margin/spot/order-detail', 'orderId'],
  ['/pages/trade-margin/perpetual-contract/position-detail', 'positionId'],
  ['/pages/trade-margin/perpetual-contract/history-detail', 'positionId'],
  ['/pages/trade-margin/seconds-contract/detail', 'id'],
];

async function expectNotFound() {
  const state = await screen.findByTestId('not-found');
  expect(state).toHaveTextContent(common.recordNotFound);
  expect(state).toHaveTextContent(common.recordNotFoundHint);
  expect(screen.getByRole('link', { name: /^Back to/ })).toBeInTheDocument();
  expect(screen.queryByText(common.loading)).not.toBeInTheDocument();
  expect(screen.queryByText(en.detailFailed)).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: common.retry })).not.toBeInTheDocument();
}

describe('detail screens without a record', () => {
  it.each(DETAILS)('%s without an id says not found and asks nothing', async (url) => {
    renderTradeApp(url);
    await expectNotFound();
    expect(server.calls.filter((call) => REFUSALS[call.url])).toEqual([]);
  });

  it.each(DETAILS)('%s with an id the server does not know says not found', async (url, query) => {
    renderTradeApp(`${url}?${query}=999`);
    await expectNotFound();
  });

  it.each(DETAILS)('%s whose read fails otherwise keeps "could not be loaded" and its retry', async (url, query) => {
    renderTradeApp(`${url}?${query}=500`);
    expect(await screen.findByText(en.detailFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: common.retry })).toBeInTheDocument();
    expect(screen.queryByTestId('not-found')).not.toBeInTheDocument();
  });

  it('the spot holding screen without an asset says not found, not "No  in your spot wallet."', async () => {
    renderTradeApp('/pages/trade-margin/spot/position-detail');
    await expectNotFound();
    expect(document.body).not.toHaveTextContent(/No\s+in your spot wallet/);
  });

  it('the spot holding screen names an asset the user does not hold', async () => {
    renderTradeApp('/pages/trade-margin/spot/position-detail?asset=eth');
    expect(await screen.findByText('No ETH in your spot wallet.')).toBeInTheDocument();
  });
});
