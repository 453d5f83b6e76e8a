import type { Rule } from '../validation/rules';
import { amount, amountProblem, minimumAmount, normalizeAmount, parseAmount, withinBalance } from '.';

/** Runs a single-field rule with no other values. */
const check = (rule: Rule, value: string) => rule(value, {});

describe('parseAmount', () => {
  it('reads plain decimal strings exactly (no floating point)', () => {
    expect(parseAmount('100000000000000000.01')?.toFixed()).toBe('100000000000000000.01');
    expect(parseAmount('0.1')?.plus('0.2').toFixed()).toBe('0.3');
    expect(parseAmount(' 5 ')?.toFixed()).toBe('5');
    expect(parseAmount('.5')?.toFixed()).toBe('0.5');
    expect(parseAmount('5.')?.toFixed()).toBe('5');
  });
  it.each(['1e5', '1E5', '+5', '-5', '1.2.3', '1,5', '1 000', '', '.', 'Infinity', 'NaN', '0x10', '５'])('refuses %p', (value) => {
    expect(parseAmount(value)).toBeNull();
  });
  it('accepts leading zeros ("00.5" is 0.5) and normalizes them away for submission', () => {
    expect(parseAmount('00.5')?.toFixed()).toBe('0.5');
    expect(normalizeAmount('00.50')).toBe('0.5');
    expect(normalizeAmount('1e5')).toBeNull();
  });
});

describe('amount', () => {
  const plain = amount();
  it('is required', () => {
    expect(check(plain, ' ')).toBe('required');
  });
  it('allows exactly 1e17 and refuses anything above, however slightly', () => {
    expect(check(plain, '100000000000000000')).toBeNull();
    expect(check(plain, '100000000000000000.01')).toBe('invalidAmount');
    expect(check(plain, '100000000000000000.0000000000000001')).toBe('invalidAmount');
  });
  it('refuses zero and non-plain numbers', () => {
    for (const value of ['0', '0.000', '00', '1e5', '+1', '-1', 'abc', '1.2.3']) expect(check(plain, value)).toBe('invalidAmount');
  });
  it('accepts the smallest positive amounts and "00.5"', () => {
    expect(check(plain, '0.00000001')).toBeNull();
    expect(check(plain, '00.5')).toBeNull();
  });
  it('limits decimals, not counting trailing zeros', () => {
    const btc = amount({ decimals: 5 });
    expect(check(btc, '0.12345')).toBeNull();
    expect(check(btc, '0.123450000')).toBeNull();
    expect(check(btc, '0.123456')).toBe('tooManyDecimals');
    const whole = amount({ decimals: 0 });
    expect(check(whole, '12')).toBeNull();
    expect(check(whole, '12.5')).toBe('tooManyDecimals');
  });
  it('keeps within inclusive min and max bounds', () => {
    const bounded = amount({ min: '20', max: '1000.5' });
    expect(check(bounded, '20')).toBeNull();
    expect(check(bounded, '1000.5')).toBeNull();
    expect(check(bounded, '19.99999999')).toBe('amountOutOfRange');
    expect(check(bounded, '1000.50000001')).toBe('amountOutOfRange');
  });
  it('reports the most basic problem first', () => {
    expect(check(amount({ decimals: 2, min: 20 }), '0')).toBe('invalidAmount');
    expect(check(amount({ decimals: 2, min: 20 }), '1.234')).toBe('tooManyDecimals');
  });
});

describe('minimumAmount and withinBalance', () => {
  it('applies the spec minimum of 20 with its own text', () => {
    expect(check(minimumAmount, '19.99')).toBe('minAmount');
    expect(check(minimumAmount, '20')).toBeNull();
  });
  it('refuses more than the balance, exactly', () => {
    const rule = withinBalance('10.10');
    expect(check(rule, '10.1')).toBeNull();
    expect(check(rule, '10.100000001')).toBe('insufficientBalance');
  });
});

describe('amountProblem (the amount rules before their wording)', () => {
  const bounded = { decimals: 6, min: '10', max: '10000' };
  it('tells the bounds apart, which the kit words alike', () => {
    expect(amountProblem('9.999999', bounded)).toBe('belowMin');
    expect(amountProblem('10000.000001', bounded)).toBe('aboveMax');
    expect(check(amount(bounded), '9.999999')).toBe('amountOutOfRange');
    expect(check(amount(bounded), '10000.000001')).toBe('amountOutOfRange');
  });
  it('answers the same checks in the same order as amount()', () => {
    expect(amountProblem(' ', bounded)).toBe('required');
    expect(amountProblem('1e3', bounded)).toBe('invalid');
    expect(amountProblem('1.1234567', bounded)).toBe('tooManyDecimals');
    expect(amountProblem('10.0000000', bounded)).toBeNull();
    expect(amountProblem('10000', bounded)).toBeNull();
  });
});
