import * as contracts from '@meridian/contracts';
import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import manifest from '../../meridian.routes.json';
import { createTestQueryClient } from '@meridian/shared/testing';
import { STALE_GROUPS, useInvalidate } from './queries';

function seeded() {
  const client = createTestQueryClient();
  for (const path of [contracts.wallet.list.path, contracts.wallet.transferLog.path, contracts.wallet.convertHistory.path, contracts.withdrawals.list.path, contracts.loans.paidHistory.path, contracts.withdrawals.addresses.path, contracts.loans.estimateOne.path]) {
    client.setQueryData([path, {}], 'cached');
  }
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useInvalidate(), { wrapper });
  const stale = (path: string) => client.getQueryState([path, {}])?.isInvalidated ?? false;
  return { invalidate: result.current, stale };
}

describe('writes invalidate what they change', () => {
  it.each([
    ['TRANSFER', [contracts.wallet.list.path, contracts.wallet.transferLog.path], [contracts.withdrawals.list.path]],
    ['CONVERT', [contracts.wallet.list.path, contracts.wallet.convertHistory.path], [contracts.wallet.transferLog.path]],
    ['WITHDRAW', [contracts.wallet.list.path, contracts.withdrawals.list.path], [contracts.wallet.convertHistory.path]],
    ['LOAN', [contracts.wallet.list.path, contracts.loans.paidHistory.path, contracts.loans.estimateOne.path], [contracts.withdrawals.list.path]],
    ['ADDRESS_BOOK', [contracts.withdrawals.addresses.path], [contracts.wallet.list.path]],
    // the reset answers the new overview itself (set in the cache): the list is not fetched again
    ['DEMO_RESET', [contracts.wallet.transferLog.path, contracts.wallet.convertHistory.path], [contracts.wallet.list.path]],
  ] as const)('%s', async (group, changed, untouched) => {
    const { invalidate, stale } = seeded();
    await act(() => invalidate(group));
    for (const path of changed) expect([path, stale(path)]).toEqual([path, true]);
    for (const path of untouched) expect([path, stale(path)]).toEqual([path, false]);
  });

  it('every group a write names is declared in the manifest, where the push of the same name reads it', () => {
    const declared = manifest.slots['push.invalidations'].map((entry) => entry.action);
    for (const group of STALE_GROUPS) expect([group, declared.includes(group)]).toEqual([group, true]);
  });
});
