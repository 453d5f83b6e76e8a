import { translationProblems } from '@meridian/shared/testing';
import { shellTranslations } from './i18n';

/** Names that stay as they are in some languages: the brand, "C2C", and loanwords those languages use. */
const SAME_AS_ENGLISH_ALLOWED = ['homeTitle', 'navC2c', 'entryC2c', 'tabHome', 'tabWallet', 'navSmartPool', 'entrySmartPool'];

describe('shell translations', () => {
  it('are complete in all nine languages', () => {
    expect(translationProblems(shellTranslations, SAME_AS_ENGLISH_ALLOWED)).toEqual([]);
  });
});
