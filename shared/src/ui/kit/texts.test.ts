import { translationProblems } from '../../testing/translations';
import { i18n } from '../../i18n/instance';
import { kitTexts } from '../../testing/shared-texts';
import { KIT_NAMESPACE } from './texts';

describe('kit texts', () => {
  it('are complete in all nine languages', () => {
    // "Image" is also the French word
    expect(translationProblems(kitTexts, ['imageLabel'])).toEqual([]);
  });


  it('carry the spec texts and are registered', async () => {
    await i18n.changeLanguage('en');
    expect(i18n.t('imageTooBig', { ns: KIT_NAMESPACE })).toBe('Image bigger than 5M');
    expect(i18n.t('resendIn', { ns: KIT_NAMESPACE, s: 42 })).toBe('Resend in 42 s');
  });
});
