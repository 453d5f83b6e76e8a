import { LANGUAGE_CODES } from '@meridian/shared';
import { translations } from '../../i18n';
import { walletTexts } from '../../texts/wallet';

describe('wallet texts', () => {
  // the feature files are merged into one namespace: a key defined again elsewhere would silently replace ours
  it('reach the namespace unchanged in every language (no other texts reuse a wallet key)', () => {
    const replaced: string[] = [];
    for (const code of LANGUAGE_CODES) {
      for (const [key, text] of Object.entries(walletTexts[code])) {
        if (translations[code][key as keyof (typeof translations)['en']] !== text) replaced.push(`${code}.${key}`);
      }
    }
    expect(replaced).toEqual([]);
  });
});
