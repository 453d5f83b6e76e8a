import { repayForm } from './repay-form';

describe('repayForm', () => {
  const owed = { owed: '100.5' };
  it.each([
    ['', 'required'],
    ['abc', 'invalidAmount'],
    ['0', 'invalidAmount'],
    ['1.1234567', 'tooManyDecimals'],
    ['100.51', 'loanAboveOwed'],
  ])('%p is refused: %s', (amount, problem) => {
    expect(repayForm.errors({ amount }, owed)).toEqual({ amount: problem });
  });

  it('a part or all of what is owed is fine, and the summary is the amount as sent', () => {
    expect(repayForm.valid({ amount: '100.5' }, owed)).toBe(true);
    expect(repayForm.valid({ amount: '0.000001' }, owed)).toBe(true);
    expect(repayForm.summary({ amount: '010.50' }, owed)).toEqual({ amount: '10.5' });
  });
});
