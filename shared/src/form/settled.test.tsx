import { act, renderHook } from '@testing-library/react';
import { useSettled } from './settled';

describe('useSettled', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('gives the value once it has stayed the same for the wait, restarting the wait on each change', () => {
    const { result, rerender } = renderHook(({ value }) => useSettled(value, 400), { initialProps: { value: '1' } });
    expect(result.current).toBe('1');
    rerender({ value: '10' });
    act(() => jest.advanceTimersByTime(300));
    rerender({ value: '100' });
    act(() => jest.advanceTimersByTime(300));
    expect(result.current).toBe('1');
    act(() => jest.advanceTimersByTime(100));
    expect(result.current).toBe('100');
  });

  it('a wait of 0 gives the value at once, and a later wait never starts from an older value', () => {
    const { result, rerender } = renderHook(({ value, ms }) => useSettled(value, ms), { initialProps: { value: 'a' as string | null, ms: 400 } });
    rerender({ value: null, ms: 0 });
    expect(result.current).toBeNull();
    rerender({ value: 'b', ms: 400 });
    expect(result.current).toBeNull();
    act(() => jest.advanceTimersByTime(400));
    expect(result.current).toBe('b');
  });
});
