import {
  address,
  code,
  differsFrom,
  email,
  invitationCode,
  matches,
  password,
  phone,
  required,
  validate,
  type Rule,
} from './rules';
import { amount, minimumAmount } from '../money';

/** Runs a single-field rule with no other values. */
const check = (rule: Rule, value: string) => rule(value, {});

describe('required', () => {
  it('refuses empty and blank text, accepts anything else', () => {
    expect(check(required, '')).toBe('required');
    expect(check(required, '   ')).toBe('required');
    expect(check(required, 'x')).toBeNull();
  });
});

describe('password', () => {
  it('is required, then needs at least 6 characters', () => {
    expect(check(password, '')).toBe('required');
    expect(check(password, '12345')).toBe('passwordTooShort');
    expect(check(password, '123456')).toBeNull();
  });
});

describe('matches (confirm password)', () => {
  const confirm = matches('password');
  it('refuses a different confirmation with the spec text key', () => {
    expect(confirm('secret2', { password: 'secret1' })).toBe('passwordsInconsistent');
  });
  it('accepts an identical one and does not trim (spaces are part of a password)', () => {
    expect(confirm('secret1', { password: 'secret1' })).toBeNull();
    expect(confirm('secret1 ', { password: 'secret1' })).toBe('passwordsInconsistent');
  });
  it('is required', () => {
    expect(confirm('', { password: 'secret1' })).toBe('required');
  });
});

describe('phone', () => {
  it.each(['612345678', '06 12 34 56 78', '0612-345-678', '12345', '123456789012345'])('accepts %p', (value) => {
    expect(check(phone, value)).toBeNull();
  });
  it.each(['1234', '1234567890123456', '06 12 3a', '+33612345678', '-0612345', '06..12'])('refuses %p', (value) => {
    expect(check(phone, value)).toBe('invalidPhone');
  });
  it('is required', () => {
    expect(check(phone, ' ')).toBe('required');
  });
});

describe('email', () => {
  it.each(['a@b.co', 'first.last+tag@mail.example.org', ' a@b.co '])('accepts %p', (value) => {
    expect(check(email, value)).toBeNull();
  });
  it.each(['plain', 'a@b', '@b.co', 'a@.co', 'a b@c.co', 'a@b@c.co', 'a@b.'])('refuses %p', (value) => {
    expect(check(email, value)).toBe('invalidEmail');
  });
  it('is required', () => {
    expect(check(email, '')).toBe('required');
  });
});

describe('code', () => {
  it('accepts exactly four digits', () => {
    expect(check(code, '0123')).toBeNull();
  });
  it.each(['123', '12345', '12a4', '١٢٣٤', '12 3'])('refuses %p as an invalid code', (value) => {
    expect(check(code, value)).toBe('invalidCode');
  });
  it('is required', () => {
    expect(check(code, '')).toBe('required');
  });
});

describe('invitationCode and address', () => {
  it('have their own required texts', () => {
    expect(check(invitationCode, ' ')).toBe('invitationRequired');
    expect(check(invitationCode, 'ABC123')).toBeNull();
    expect(check(address, '')).toBe('addressRequired');
    expect(check(address, '0xabc')).toBeNull();
  });
});

describe('differsFrom (transfer target)', () => {
  const target = differsFrom('from');
  it('refuses the source wallet as target', () => {
    expect(target('spot', { from: 'spot' })).toBe('sameWallet');
  });
  it('accepts another wallet and requires a choice', () => {
    expect(target('futures', { from: 'spot' })).toBeNull();
    expect(target('', { from: 'spot' })).toBe('required');
  });
});

describe('validate', () => {
  const schema = {
    password: [password],
    confirm: [matches('password')],
    amount: [amount({ decimals: 2 }), minimumAmount],
  };

  it('gives the first failing key per failing field only', () => {
    expect(validate({ password: '123', confirm: '123', amount: '5' }, schema)).toEqual({ password: 'passwordTooShort', amount: 'minAmount' });
    expect(validate({ password: '123456', confirm: '1234567', amount: 'x' }, schema)).toEqual({
      confirm: 'passwordsInconsistent',
      amount: 'invalidAmount',
    });
  });

  it('gives an empty object for a valid form and treats a missing value as empty', () => {
    expect(validate({ password: '123456', confirm: '123456', amount: '25.50' }, schema)).toEqual({});
    expect(validate({} as Record<'code', string>, { code: [code] })).toEqual({ code: 'required' });
  });
});
