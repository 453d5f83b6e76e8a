import { i18n } from '../i18n/instance';
import { translationProblems } from '../testing/translations';
import { validationMessage, validationTexts } from './messages';

describe('validation messages', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('are complete in all nine languages', () => {
    // numbers-only texts would be the same everywhere; none of ours is
    expect(translationProblems(validationTexts)).toEqual([]);
  });

  it('use the spec texts in English and are registered under "kit"', async () => {
    await i18n.changeLanguage('en');
    expect(validationMessage('passwordsInconsistent')).toBe('The two passwords are inconsistent');
    expect(validationMessage('invalidCode')).toBe('Invalid code');
    expect(validationMessage('invalidAmount')).toBe('Invalid amount');
    expect(validationMessage('minAmount')).toBe('Minimum amount 20');
    expect(validationMessage('invitationRequired')).toBe('Invitation code is required');
    expect(validationMessage('sameWallet')).toBe('Please choose another target wallet');
  });

  it('follow the language, with Vietnamese under "ru"', async () => {
    await i18n.changeLanguage('ru');
    expect(validationMessage('invalidAmount')).toBe('Số tiền không hợp lệ');
  });
});
