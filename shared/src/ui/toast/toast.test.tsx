import { act, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { platformStore } from '../../store';
import { MAX_TOASTS, dismissToast, showToast, toast, toastsAtom } from './toast';
import { Toaster } from './Toaster';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

function renderToaster(store = createStore()) {
  render(
    <Provider store={store}>
      <Toaster />
    </Provider>,
  );
  return store;
}

describe('toasts', () => {
  it('renders a toast in a polite live region and dismisses it after about 3 s', () => {
    const store = renderToaster();
    expect(screen.getByRole('status')).toHaveAttribute('aria-live', 'polite');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();

    act(() => void showToast(store, 'Saved', 'success'));
    const shown = screen.getByTestId('toast');
    expect(shown).toHaveTextContent('Saved');
    expect(shown).toHaveAttribute('data-kind', 'success');
    expect(screen.getByRole('status')).toContainElement(shown);

    act(() => jest.advanceTimersByTime(2999));
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('shows the same text once, as a new toast with a fresh time (a repeated error is seen again)', () => {
    const store = renderToaster();
    act(() => void showToast(store, 'No network, please connect and retry', 'error'));
    const first = screen.getByTestId('toast');
    act(() => jest.advanceTimersByTime(2000));
    act(() => void showToast(store, 'No network, please connect and retry', 'error'));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    // a new element: it enters again (its animation replays) instead of silently staying
    expect(screen.getByTestId('toast')).not.toBe(first);
    expect(first).not.toBeInTheDocument();
    act(() => jest.advanceTimersByTime(2000));
    expect(screen.getAllByTestId('toast')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('keeps at most three, dropping the oldest', () => {
    const store = renderToaster();
    act(() => {
      for (const text of ['a', 'b', 'c', 'd']) showToast(store, text);
    });
    expect(MAX_TOASTS).toBe(3);
    expect(screen.getAllByTestId('toast').map((el) => el.textContent)).toEqual(['b', 'c', 'd']);
  });

  it('can be dismissed early and takes a custom duration', () => {
    const store = renderToaster();
    let id = 0;
    act(() => {
      id = showToast(store, 'first');
      showToast(store, 'long', 'info', { durationMs: 10_000 });
    });
    act(() => dismissToast(store, id));
    expect(screen.getAllByTestId('toast').map((el) => el.textContent)).toEqual(['long']);
    act(() => jest.advanceTimersByTime(9_999));
    expect(screen.getByTestId('toast')).toHaveTextContent('long');
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('toast.show uses the platform store', () => {
    renderToaster(platformStore);
    act(() => void toast.show('Copied'));
    expect(platformStore.get(toastsAtom).map((t) => t.text)).toEqual(['Copied']);
    expect(screen.getByTestId('toast')).toHaveAttribute('data-kind', 'info');
    act(() => jest.advanceTimersByTime(3000));
    expect(platformStore.get(toastsAtom)).toEqual([]);
  });
});
