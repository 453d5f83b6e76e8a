import { PUSH_ACTIONS, wallet } from '@meridian/contracts';
import { pushInvalidationProblems } from './manifest-checks';

describe('pushInvalidationProblems', () => {
  it('accepts every push action the contracts define, with contract paths', () => {
    const slots = { 'push.invalidations': PUSH_ACTIONS.map((action) => ({ action, queries: [wallet.list.path] })) };
    expect(pushInvalidationProblems(slots)).toEqual({ named: PUSH_ACTIONS.length, unknown: [] });
  });

  it('names an action the server never pushes and a path no contract has', () => {
    const slots = { 'push.invalidations': [{ action: 'BALANCES', queries: [wallet.list.path, '/asset/api/account/lists'] }] };
    expect(pushInvalidationProblems(slots)).toEqual({ named: 2, unknown: ['action BALANCES', '/asset/api/account/lists'] });
  });

  it('accepts a group only mutations name when it says so (pushed: false), still checking its paths', () => {
    const slots = { 'push.invalidations': [{ action: 'ADDRESS_BOOK', pushed: false, queries: [wallet.list.path, '/nowhere'] }] };
    expect(pushInvalidationProblems(slots)).toEqual({ named: 2, unknown: ['/nowhere'] });
  });
});
