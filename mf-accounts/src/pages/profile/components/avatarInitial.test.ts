import { avatarInitial } from './avatar';

describe('avatarInitial', () => {
  it.each([
    ['<Ana>', '1001', 'A'],
    ['ana', '1001', 'A'],
    ['  _9lives', '1001', '9'],
    ['Ωmega', '1001', 'Ω'],
    ['山田', '1001', '山'],
    ['<<>>', 'u42', 'U'],
    ['', '', '?'],
    [undefined, undefined, '?'],
  ])('%j (uid %j) shows %j', (nickname, uid, initial) => {
    expect(avatarInitial(nickname, uid)).toBe(initial);
  });
});
