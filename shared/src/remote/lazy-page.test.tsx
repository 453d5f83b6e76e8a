import { act, render, screen } from '@testing-library/react';
import { lazyPage, PAGE_LOADING_DELAY_MS } from './lazy-page';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function Hello({ who }: { who: string }) {
  return <h1>Hello {who}</h1>;
}

describe('lazyPage', () => {
  afterEach(() => jest.useRealTimers());

  it('loads nothing until rendered or preloaded', () => {
    const load = jest.fn(() => Promise.resolve(Hello));
    const Page = lazyPage(load);
    expect(load).not.toHaveBeenCalled();
    expect(Page.loaded).toBe(false);
  });

  it('shows no indicator for the first 200 ms, then the shared spinner, then the page', async () => {
    jest.useFakeTimers();
    const chunk = deferred<typeof Hello>();
    const Page = lazyPage(() => chunk.promise);
    render(<Page who="world" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByTestId('page-loading')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(PAGE_LOADING_DELAY_MS));
    expect(screen.getByRole('status')).toBeInTheDocument();
    await act(async () => chunk.resolve(Hello));
    expect(screen.getByRole('heading')).toHaveTextContent('Hello world');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('renders at once, with no fallback, once preloaded', async () => {
    const load = jest.fn(() => Promise.resolve(Hello));
    const Page = lazyPage(load);
    await Page.preload();
    render(<Page who="there" />);
    expect(screen.getByRole('heading')).toHaveTextContent('Hello there');
    expect(screen.queryByTestId('page-loading')).not.toBeInTheDocument();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('retries a chunk that failed to load', async () => {
    const load = jest.fn<Promise<typeof Hello>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(Hello);
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(Page.loaded).toBe(true);
  });
});
