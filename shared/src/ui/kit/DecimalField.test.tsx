import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { DecimalField } from './DecimalField';

describe('DecimalField', () => {
  function Amount({ onValue = () => undefined }: { onValue?: (value: string) => void }) {
    const [value, setValue] = useState('');
    return (
      <DecimalField
        label="Amount"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
        hint="Available 10.00 USDT"
        data-testid="amount"
      />
    );
  }

  it('asks for the decimal keypad and no autofill', () => {
    renderWithPlatform(<Amount />);
    const input = screen.getByLabelText('Amount');
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('autocomplete', 'off');
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveAccessibleDescription('Available 10.00 USDT');
    expect(screen.getByTestId('amount')).toBe(input);
  });

  it('hands every edit over as the text typed, nothing dropped or reinterpreted', async () => {
    const seen: string[] = [];
    renderWithPlatform(<Amount onValue={(value) => seen.push(value)} />);
    const input = screen.getByLabelText('Amount');
    await userEvent.type(input, '1,5');
    expect(input).toHaveValue('1,5');
    expect(seen).toEqual(['1', '1,', '1,5']);
    await userEvent.clear(input);
    await userEvent.type(input, '.5');
    expect(seen.at(-1)).toBe('.5');
  });

  it('passes the ref and the error through like any field', () => {
    const ref = { current: null as HTMLInputElement | null };
    renderWithPlatform(<DecimalField label="Price" value="abc" onChange={() => undefined} error="Invalid amount" ref={ref} />);
    const input = screen.getByLabelText('Price');
    expect(ref.current).toBe(input);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid amount');
  });
});
