import path from 'node:path';
import { localeLayoutProblems, translationProblems } from '@meridian/shared/testing';
import { shellTranslations } from './all-texts';

/** Names that stay as they are in some languages: the brand, "C2C", and loanwords those languages use. */
const SAME_AS_ENGLISH_ALLOWED = ['homeTitle', 'tabHome', 'tabWallet'];

describe('shell translations (shell/locales/<lng>/shell.json)', () => {
  it('have one file per namespace in each of the nine language folders', () => {
    expect(localeLayoutProblems(path.join(__dirname, '../locales'))).toEqual([]);
  });

  it('are complete in all nine languages', () => {
    expect(translationProblems(shellTranslations, SAME_AS_ENGLISH_ALLOWED)).toEqual([]);
  });
});
