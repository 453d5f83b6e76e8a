import { createFrameBatcher } from './frame';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('createFrameBatcher', () => {
  it('runs one flush per animation frame however often it is scheduled', () => {
    const flush = jest.fn();
    const frame = createFrameBatcher(flush);
    for (let i = 0; i < 100; i += 1) frame.schedule();
    expect(flush).not.toHaveBeenCalled();
    jest.advanceTimersByTime(16);
    expect(flush).toHaveBeenCalledTimes(1);
    frame.schedule();
    frame.schedule();
    jest.advanceTimersByTime(16);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('cancel() drops the pending flush', () => {
    const flush = jest.fn();
    const frame = createFrameBatcher(flush);
    frame.schedule();
    frame.cancel();
    jest.advanceTimersByTime(100);
    expect(flush).not.toHaveBeenCalled();
    frame.schedule();
    jest.advanceTimersByTime(16);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('falls back to a 16 ms timer without requestAnimationFrame', () => {
    const raf = globalThis.requestAnimationFrame;
    // @ts-expect-error: simulating an environment without it
    delete globalThis.requestAnimationFrame;
    try {
      const flush = jest.fn();
      const frame = createFrameBatcher(flush);
      frame.schedule();
      frame.schedule();
      jest.advanceTimersByTime(15);
      expect(flush).not.toHaveBeenCalled();
      jest.advanceTimersByTime(1);
      expect(flush).toHaveBeenCalledTimes(1);
    } finally {
      globalThis.requestAnimationFrame = raf;
    }
  });
});
