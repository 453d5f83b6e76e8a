import { i18n } from '../i18n/instance';
import { translationProblems } from '../testing/translations';
import { kitTexts } from '../testing/shared-texts';
import { validationMessage, type ValidationKey } from './messages';

describe('validation messages', () => {
  afterEach(() => i18n.changeLanguage('en'));

  // every key of the ValidationKey type, listed so the test fails when one loses its text in kit.json
  const KEYS: Record<ValidationKey, true> = {
    required: true, passwordTooShort: true, passwordsInconsistent: true, invalidPhone: true, invalidEmail: true, invalidCode: true,
    invalidAmount: true, tooManyDecimals: true, minAmount: true, amountOutOfRange: true, insufficientBalance: true,
    invitationRequired: true, addressRequired: true, sameWallet: true,
  };

  it('are in the "kit" namespace (kit.json) and complete in all nine languages', () => {
    expect(Object.keys(KEYS).filter((key) => !(key in kitTexts.en))).toEqual([]);
    // numbers-only texts would be the same everywhere; none of ours is
    expect(translationProblems(kitTexts, ['imageLabel'])).toEqual([]);
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
