import { translationProblems } from './translations';
import { commonTexts as common } from './shared-texts';
import type { Translations } from '../i18n/languages';

const table = (): Translations => JSON.parse(JSON.stringify(common));

describe('translationProblems', () => {
  it('finds nothing in a complete table', () => {
    expect(translationProblems(common)).toEqual([]);
  });

  it('names each kind of problem', () => {
    const broken = table();
    delete (broken as Partial<Translations>).it;
    broken.fr.retry = broken.en.retry!;
    broken.jp.empty = ' ';
    delete broken.kr.back;
    broken.ge.extra = 'x';
    broken.en.loading = 'Loading {{what}}';
    broken.ru.loading = 'Đang tải {{what}}';
    expect(translationProblems(broken)).toEqual(
      expect.arrayContaining([
        'it: missing language',
        'fr.retry: not translated',
        'jp.empty: empty',
        'kr.back: missing',
        'ge.extra: not in English',
        'zh.loading: placeholders differ from English',
      ]),
    );
    expect(translationProblems(broken)).not.toContain('ru.loading: placeholders differ from English');
    expect(translationProblems(broken, ['retry'])).not.toContain('fr.retry: not translated');
  });
});
