import path from 'node:path';
import { localeLayoutProblems, translationProblems } from '@meridian/shared/testing';
import { SAME_AS_ENGLISH_ALLOWED, translations, widgetTranslations } from './all-texts';

describe('mf_trading translations (locales/<lng>/mf_trading.json)', () => {
  it('have one file per namespace in each of the nine language folders', () => {
    expect(localeLayoutProblems(path.join(__dirname, '../locales'))).toEqual([]);
  });

  it('are complete in all nine languages: same keys as English, none empty, none left in English, placeholders kept', () => {
    expect(translationProblems(translations, SAME_AS_ENGLISH_ALLOWED)).toEqual([]);
  });

  it('the market widget’s own namespace (mf_trading_widget.json) is complete in all nine languages too', () => {
    expect(translationProblems(widgetTranslations, [])).toEqual([]);
  });
});
