import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../testing';
import { ThemeSwitch } from './ThemeSwitch';

describe('ThemeSwitch', () => {
  it('starts light, switches to dark and back, and remembers under "theme"', async () => {
    localStorage.clear();
    renderWithPlatform(<ThemeSwitch />);
    const toggle = screen.getByRole('switch', { name: 'Dark mode' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(localStorage.getItem('theme')).toBe('"dark"');
    await userEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBe('"light"');
  });
});
