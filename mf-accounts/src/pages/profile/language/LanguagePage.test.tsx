import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS, bindLanguage, i18n } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { LanguagePage } from './LanguagePage';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';

describe('LanguagePage', () => {
  it('lists the nine languages by their own names and switches the app without a reload, remembering it', async () => {
    const { store } = renderWithPlatform(<LanguagePage />, { translations: { namespace: NS, texts: translations } });
    const stop = bindLanguage(store, i18n);
    try {
      const options = screen.getAllByRole('radio');
      expect(options.map((o) => o.textContent)).toEqual(['English', '繁體中文', '简体中文', '한국어', '日本語', 'Deutsch', 'Français', 'Italiano', 'Tiếng Việt']);
      expect(screen.getByTestId('language-en')).toHaveAttribute('aria-checked', 'true');

      await userEvent.click(screen.getByTestId('language-jp'));
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('言語'));
      expect(i18n.language).toBe('jp');
      expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.lang)!)).toBe('jp');
      expect(screen.getByTestId('language-jp')).toHaveAttribute('aria-checked', 'true');
    } finally {
      stop();
      await i18n.changeLanguage('en');
    }
  });
});
