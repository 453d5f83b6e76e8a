import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { code, validate } from '../../validation/rules';
import { Field } from './Field';
import { PasswordField } from './PasswordField';
import { useValidationText } from './useValidationText';

describe('Field', () => {
  it('labels its input and carries no error state when valid', () => {
    renderWithPlatform(<Field label="Email" hint="We never share it" />);
    const input = screen.getByLabelText('Email');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).toHaveAccessibleDescription('We never share it');
  });

  it('marks the input invalid and describes it with the error text', () => {
    renderWithPlatform(<Field label="Email" hint="We never share it" error="Please enter a valid email address" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('We never share it Please enter a valid email address');
  });

  it('passes input props and the ref through', () => {
    const ref = { current: null as HTMLInputElement | null };
    renderWithPlatform(<Field label="Amount" inputMode="decimal" name="amount" ref={ref} />);
    expect(screen.getByLabelText('Amount')).toHaveAttribute('inputmode', 'decimal');
    expect(ref.current).toBe(screen.getByLabelText('Amount'));
  });

  it('shows a validation key as text of the current language', async () => {
    function CodeForm() {
      const [value, setValue] = useState('');
      const text = useValidationText();
      const errors = validate({ code: value }, { code: [code] });
      return <Field label="Code" value={value} onChange={(e) => setValue(e.target.value)} error={text(errors.code)} />;
    }
    renderWithPlatform(<CodeForm />, { language: 'fr' });
    await userEvent.type(screen.getByLabelText('Code'), '12');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Code invalide');
    await userEvent.type(screen.getByLabelText('Code'), '34');
    expect(screen.getByLabelText('Code')).not.toHaveAttribute('aria-invalid');
  });
});

describe('PasswordField', () => {
  it('hides the password until the toggle is pressed, then hides it again', async () => {
    renderWithPlatform(<PasswordField label="Password" autoComplete="current-password" defaultValue="secret" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');

    const show = screen.getByRole('button', { name: 'Show password' });
    expect(show).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(show);
    expect(input).toHaveAttribute('type', 'text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide).toHaveAttribute('aria-pressed', 'true');

    // keyboard: the toggle is a real button
    hide.focus();
    await userEvent.keyboard('{Enter}');
    expect(input).toHaveAttribute('type', 'password');
  });

  it('shows its error like any field', () => {
    renderWithPlatform(<PasswordField label="Password" error="Password must be at least 6 characters" />);
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
  });
});
