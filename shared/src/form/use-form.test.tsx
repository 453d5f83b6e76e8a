import { act, renderHook } from '@testing-library/react';
import { createForm } from './create-form';
import { useForm } from './use-form';

const form = createForm<{ amount: string }, { max: number }, string>({
  initial: { amount: '' },
  rules: (values, { max }) => ({ amount: values.amount === '' ? 'required' : Number(values.amount) > max ? 'tooMuch' : null }),
  summary: (values) => `send ${values.amount || '0'}`,
});

describe('useForm', () => {
  it('edits, shows errors once edited or sent, summarises against the screen’s context, and resets', () => {
    const { result } = renderHook(() => useForm(form));
    const check = () => result.current.check({ max: 5 });
    expect(check().errors).toEqual({});
    expect(check().allErrors).toEqual({ amount: 'required' });
    act(() => result.current.submit());
    expect(check().errors).toEqual({ amount: 'required' });
    act(() => result.current.set('amount', '9'));
    expect(check().errors).toEqual({ amount: 'tooMuch' });
    // the context decides: more available, no error
    expect(result.current.check({ max: 10 }).valid).toBe(true);
    act(() => result.current.set('amount', '4'));
    expect(check().valid).toBe(true);
    expect(check().summary).toBe('send 4');
    act(() => result.current.reset());
    expect(result.current.values).toEqual({ amount: '' });
    expect(check().errors).toEqual({});
  });

  it('starts from a preselection', () => {
    const { result } = renderHook(() => useForm(form, { amount: '2' }));
    expect(result.current.values).toEqual({ amount: '2' });
  });
});
