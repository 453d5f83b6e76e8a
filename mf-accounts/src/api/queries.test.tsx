import * as contracts from '@meridian/contracts';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import manifest from '../../meridian.routes.json';
import { createTestQueryClient } from '@meridian/shared/testing';
import { AFFECTED, useInvalidate } from './queries';

function seeded() {
  const client = createTestQueryClient();
  for (const path of [contracts.wallet.list.path, contracts.wallet.transferLog.path, contracts.wallet.convertHistory.path, contracts.withdrawals.list.path, contracts.loans.paidHistory.path, contracts.withdrawals.addresses.path]) {
    client.setQueryData([path, {}], 'cached');
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useInvalidate(), { wrapper });
  const stale = (path: string) => client.getQueryState([path, {}])?.isInvalidated ?? false;
  return { invalidate: result.current, stale };
}

describe('mutations invalidate what they change', () => {
  it.each([
    ['transfer', [contracts.wallet.list.path, contracts.wallet.transferLog.path], [contracts.withdrawals.list.path]],
    ['convert', [contracts.wallet.list.path, contracts.wallet.convertHistory.path], [contracts.wallet.transferLog.path]],
    ['withdraw', [contracts.wallet.list.path, contracts.withdrawals.list.path], [contracts.wallet.convertHistory.path]],
    ['loanRepay', [contracts.wallet.list.path, contracts.loans.paidHistory.path], [contracts.withdrawals.list.path]],
    ['addressBook', [contracts.withdrawals.addresses.path], [contracts.wallet.list.path]],
  ] as const)('%s', async (what, changed, untouched) => {
    const { invalidate, stale } = seeded();
    await act(() => invalidate(what));
    for (const path of changed) expect([path, stale(path)]).toEqual([path, true]);
    for (const path of untouched) expect([path, stale(path)]).toEqual([path, false]);
  });

  it('a mutation and the push the server sends for it invalidate the same records', () => {
    // the pushes' side is this remote's push.invalidations (meridian.routes.json)
    const pushed = (action: string) => manifest.slots['push.invalidations'].find((entry) => entry.action === action)?.queries;
    expect(pushed('TRANSFER')).toEqual(expect.arrayContaining([...AFFECTED.transfer]));
    expect(pushed('CONVERT')).toEqual(expect.arrayContaining([...AFFECTED.convert]));
    expect(pushed('WITHDRAW')).toEqual(expect.arrayContaining([...AFFECTED.withdraw]));
  });
});
