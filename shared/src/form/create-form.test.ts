import { createForm } from './create-form';

// a small withdrawal-like form: a coin, its chain, an amount within what is available, a fee on the receipt
interface Values {
  coin: string;
  chain: string;
  amount: string;
}
const form = createForm<Values, { available: number }, { amount: string; fee: string; receive: string }>({
  initial: { coin: 'USDT', chain: 'TRC20', amount: '' },
  // another coin has other chains: the chain is chosen again
  onEdit: (values, field, previous) => (field === 'coin' && values.coin !== previous.coin ? { ...values, chain: '' } : values),
  rules: (values, { available }) => ({
    chain: values.chain ? null : 'chainRequired',
    amount: !/^\d+(\.\d+)?$/.test(values.amount) ? 'invalidAmount' : Number(values.amount) > available ? 'insufficientBalance' : null,
  }),
  summary: (values) => {
    const amount = Number(values.amount) || 0;
    return { amount: values.amount, fee: '1', receive: String(Math.max(0, amount - 1)) };
  },
});

describe('createForm: the reducer', () => {
  it('sets a field, marks it edited, and applies what the edit implies', () => {
    let state = form.start();
    state = form.reduce(state, { type: 'set', field: 'amount', value: '5' });
    expect(state.values).toEqual({ coin: 'USDT', chain: 'TRC20', amount: '5' });
    expect(state.touched).toEqual({ amount: true });
    state = form.reduce(state, { type: 'set', field: 'coin', value: 'BTC' });
    expect(state.values.chain).toBe('');
    // the same coin again keeps the chain
    state = form.reduce({ ...state, values: { ...state.values, chain: 'BTC' } }, { type: 'set', field: 'coin', value: 'BTC' });
    expect(state.values.chain).toBe('BTC');
  });

  it('a patch touches nothing; a reset starts afresh; start takes a preselection', () => {
    const patched = form.reduce(form.start(), { type: 'patch', values: { amount: '3', chain: 'ERC20' } });
    expect(patched.touched).toEqual({});
    expect(patched.values.chain).toBe('ERC20');
    const submitted = form.reduce(patched, { type: 'submit' });
    expect(form.reduce(submitted, { type: 'reset' })).toEqual({ values: form.def.initial, touched: {}, submitted: false });
    expect(form.start({ coin: 'ETH' }).values).toEqual({ coin: 'ETH', chain: 'TRC20', amount: '' });
    // a reset may keep what it wants of the current values, and forgets what was edited and sent
    const kept = form.reduce(form.reduce(submitted, { type: 'set', field: 'amount', value: '9' }), { type: 'reset', values: (current) => ({ ...current, amount: '' }) });
    expect(kept).toEqual({ values: { coin: 'USDT', chain: 'ERC20', amount: '' }, touched: {}, submitted: false });
  });
});

describe('createForm: the rules', () => {
  it('finds every error, and shows a field’s only once it was edited, all once the user tried to send', () => {
    const fresh = form.start({ chain: '' });
    expect(form.errors(fresh.values, { available: 10 })).toEqual({ chain: 'chainRequired', amount: 'invalidAmount' });
    expect(form.shown(fresh, { available: 10 })).toEqual({});
    const edited = form.reduce(fresh, { type: 'set', field: 'amount', value: '11' });
    expect(form.shown(edited, { available: 10 })).toEqual({ amount: 'insufficientBalance' });
    expect(form.shown(form.reduce(edited, { type: 'submit' }), { available: 10 })).toEqual({ chain: 'chainRequired', amount: 'insufficientBalance' });
    expect(form.valid({ coin: 'USDT', chain: 'TRC20', amount: '10' }, { available: 10 })).toBe(true);
  });

  it('shows a field listed showAtOnce before it is edited', () => {
    const pair = createForm<{ from: string; to: string }, void, null>({
      initial: { from: 'spot', to: 'spot' },
      showAtOnce: ['to'],
      rules: (values) => ({ to: values.to === values.from ? 'sameWallet' : null }),
      summary: () => null,
    });
    expect(pair.shown(pair.start(), undefined)).toEqual({ to: 'sameWallet' });
  });
});

describe('createForm: the summary', () => {
  it('is a pure function of the values: the receipt the user confirms', () => {
    expect(form.summary({ coin: 'USDT', chain: 'TRC20', amount: '5' }, { available: 10 })).toEqual({ amount: '5', fee: '1', receive: '4' });
    expect(form.summary({ coin: 'USDT', chain: 'TRC20', amount: '' }, { available: 10 })).toEqual({ amount: '', fee: '1', receive: '0' });
  });
});
