import { formatChangePercent } from './quotes';

const MINUS = '\u2212';

describe('formatChangePercent', () => {
  it('is signed with 2 decimals', () => {
    expect(formatChangePercent('1.234')).toBe('+1.23%');
    expect(formatChangePercent('-0.5')).toBe(`${MINUS}0.50%`);
    expect(formatChangePercent('0')).toBe('0.00%');
    expect(formatChangePercent('0.005')).toBe('+0.01%');
    expect(formatChangePercent('nope')).toBe('—');
  });

  it('a change that is not zero but rounds to 0.00% says it is tiny, in its direction (EOSUSDT at 1 decimal)', () => {
    expect(formatChangePercent('0.0012')).toBe('< +0.01%');
    expect(formatChangePercent('-0.004')).toBe(`> ${MINUS}0.01%`);
    expect(formatChangePercent(0.0012)).toBe('< +0.01%');
  });
});
