import { useState } from 'react';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from '../../testing';
import { CodeInput, type CodeInputProps } from './CodeInput';

function Harness(props: Partial<CodeInputProps> & { onSend: CodeInputProps['onSend'] }) {
  const [value, setValue] = useState('');
  return <CodeInput value={value} onChange={setValue} {...props} />;
}

/** Resolves a pending promise chain inside act, so state set after `await onSend()` is applied. */
const flush = () => act(async () => {});
const tick = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const sendButton = () => screen.getByRole('button', { name: /send code|resend in|sending/i });

describe('CodeInput', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('is a labelled one-time-code field for four digits that keeps digits only', () => {
    renderWithPlatform(<Harness onSend={jest.fn()} />);
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('maxlength', '4');
    fireEvent.change(input, { target: { value: 'Code: 12 345' } });
    expect(input).toHaveValue('1234');
  });

  it('sends, then counts down 60 s before allowing a resend', async () => {
    const onSend = jest.fn().mockResolvedValue(undefined);
    renderWithPlatform(<Harness onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(sendButton()).toHaveTextContent('Sending…');
    expect(sendButton()).toBeDisabled();
    await flush();

    expect(onSend).toHaveBeenCalledTimes(1);
    expect(sendButton()).toHaveTextContent('Resend in 60 s');
    expect(sendButton()).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Code sent');

    tick(1000);
    expect(sendButton()).toHaveTextContent('Resend in 59 s');
    tick(58_000);
    expect(sendButton()).toHaveTextContent('Resend in 1 s');
    fireEvent.click(sendButton());
    expect(onSend).toHaveBeenCalledTimes(1);

    tick(1000);
    expect(sendButton()).toHaveTextContent('Send code');
    expect(sendButton()).toBeEnabled();
    fireEvent.click(sendButton());
    await flush();
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(sendButton()).toHaveTextContent('Resend in 60 s');
  });

  it('sends once for a double tap', async () => {
    let finish!: () => void;
    const onSend = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithPlatform(<Harness onSend={onSend} />);
    const button = screen.getByRole('button', { name: 'Send code' });
    fireEvent.click(button);
    fireEvent.click(button);
    await act(async () => finish());
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('re-enables at once after a failed send and shows the error', async () => {
    const onSend = jest.fn().mockRejectedValueOnce(new Error('Please resend after 60 seconds')).mockRejectedValueOnce('no message');
    renderWithPlatform(<Harness onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    expect(screen.getByRole('alert')).toHaveTextContent('Please resend after 60 seconds');
    expect(sendButton()).toHaveTextContent('Send code');
    expect(sendButton()).toBeEnabled();
    // the failure is about sending, not about the typed code
    expect(screen.getByLabelText('Verification code')).not.toHaveAttribute('aria-invalid');

    fireEvent.click(sendButton());
    await flush();
    expect(onSend).toHaveBeenCalledTimes(2);
    expect(screen.getByRole('alert')).toHaveTextContent('The code could not be sent, please try again');
  });

  it('keeps counting through re-renders with new props', async () => {
    const onSend = jest.fn().mockResolvedValue(undefined);
    const { rerender } = renderWithPlatform(<CodeInput value="" onChange={jest.fn()} onSend={onSend} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    tick(10_000);
    rerender(<CodeInput value="12" onChange={jest.fn()} onSend={jest.fn()} error="Invalid code" />);
    expect(sendButton()).toHaveTextContent('Resend in 50 s');
    tick(5_000);
    expect(sendButton()).toHaveTextContent('Resend in 45 s');
  });

  /** Intervals created and not yet cleared (other timers, e.g. React's scheduler, are not counted). */
  function trackIntervals() {
    const live = new Set<unknown>();
    let created = 0;
    const realSet = window.setInterval;
    const realClear = window.clearInterval;
    jest.spyOn(window, 'setInterval').mockImplementation(((handler: TimerHandler, ms?: number) => {
      const id = realSet(handler, ms);
      live.add(id);
      created++;
      return id;
    }) as typeof window.setInterval);
    jest.spyOn(window, 'clearInterval').mockImplementation(((id?: number) => {
      live.delete(id);
      realClear(id);
    }) as typeof window.clearInterval);
    return { live: () => live.size, created: () => created };
  }

  it('runs one interval at a time and clears it when the countdown ends and on unmount', async () => {
    const intervals = trackIntervals();
    const onSend = jest.fn().mockResolvedValue(undefined);
    const { unmount } = renderWithPlatform(<Harness onSend={onSend} waitSeconds={3} />);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await flush();
    tick(2000);
    expect(intervals.created()).toBe(1);
    expect(intervals.live()).toBe(1);
    tick(1000);
    expect(sendButton()).toHaveTextContent('Send code');
    expect(intervals.live()).toBe(0);

    fireEvent.click(sendButton());
    await flush();
    expect(intervals.live()).toBe(1);
    unmount();
    expect(intervals.live()).toBe(0);
  });

  it('cannot send while sendDisabled or disabled', () => {
    const { rerender } = renderWithPlatform(<CodeInput value="" onChange={jest.fn()} onSend={jest.fn()} sendDisabled />);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    rerender(<CodeInput value="" onChange={jest.fn()} onSend={jest.fn()} disabled />);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeDisabled();
    expect(screen.getByLabelText('Verification code')).toBeDisabled();
  });
});
