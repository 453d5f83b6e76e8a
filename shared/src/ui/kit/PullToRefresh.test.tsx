import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '../../testing';
import { PullToRefresh } from './PullToRefresh';

/** A refresh that stays pending until the test settles it. */
function pendingRefresh() {
  let settle!: () => void;
  let fail!: (error: unknown) => void;
  const onRefresh = jest.fn(
    () =>
      new Promise<void>((resolve, reject) => {
        settle = resolve;
        fail = reject;
      }),
  );
  return { onRefresh, settle: () => act(async () => settle()), fail: (e: unknown) => act(async () => fail(e)) };
}

/** The scrolling element around the rows, where touches are handled. */
const list = () => screen.getByRole('list').parentElement as HTMLElement;

/** A touch pull from y=100 down by `distance` px on the list's scroller. */
function pull(target: HTMLElement, distance: number) {
  fireEvent.touchStart(target, { touches: [{ clientX: 10, clientY: 100 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: 10, clientY: 100 + distance / 2 }] });
  fireEvent.touchMove(target, { touches: [{ clientX: 10, clientY: 100 + distance }] });
  fireEvent.touchEnd(target, { touches: [] });
}

function Rows() {
  return (
    <ul>
      <li>Row 1</li>
    </ul>
  );
}

describe('PullToRefresh', () => {
  it('refreshes when pulled past the threshold, showing a spinner until it settles', async () => {
    const refresh = pendingRefresh();
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={refresh.onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    pull(list(), 80);
    expect(refresh.onRefresh).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('Refreshing…');
    expect(screen.getByRole('region', { name: 'Orders' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Row 1')).toBeInTheDocument();

    await refresh.settle();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Orders' })).not.toHaveAttribute('aria-busy');
  });

  it('does not refresh on a short pull, an upward move or a pull starting below the top', async () => {
    const onRefresh = jest.fn().mockResolvedValue(undefined);
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    pull(list(), 63);
    expect(onRefresh).not.toHaveBeenCalled();
    pull(list(), -120);
    expect(onRefresh).not.toHaveBeenCalled();
    list().scrollTop = 40;
    pull(list(), 200);
    expect(onRefresh).not.toHaveBeenCalled();
    // the same long pull from the top does refresh
    list().scrollTop = 0;
    pull(list(), 200);
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => {});
  });

  it('hints "pull" then "release" while pulling, and cancels on touchcancel', () => {
    const onRefresh = jest.fn().mockResolvedValue(undefined);
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    fireEvent.touchStart(list(), { touches: [{ clientY: 0 }] });
    fireEvent.touchMove(list(), { touches: [{ clientY: 30 }] });
    expect(screen.getByTestId('pull-hint')).toHaveTextContent('Pull down to refresh');
    fireEvent.touchMove(list(), { touches: [{ clientY: 70 }] });
    expect(screen.getByTestId('pull-hint')).toHaveTextContent('Release to refresh');
    fireEvent.touchCancel(list());
    expect(screen.queryByTestId('pull-hint')).not.toBeInTheDocument();
    fireEvent.touchEnd(list());
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('never runs two refreshes at once, by pull or by button', async () => {
    const refresh = pendingRefresh();
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={refresh.onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    pull(list(), 100);
    pull(list(), 100);
    const button = screen.getByRole('button', { name: 'Refreshing…' });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(refresh.onRefresh).toHaveBeenCalledTimes(1);

    await refresh.settle();
    pull(list(), 100);
    expect(refresh.onRefresh).toHaveBeenCalledTimes(2);
    await refresh.settle();
  });

  it('offers a Refresh button for keyboard and mouse users', async () => {
    const refresh = pendingRefresh();
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={refresh.onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(refresh.onRefresh).toHaveBeenCalledTimes(1);
    await refresh.settle();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
  });

  it('recovers after a failed refresh without an unhandled rejection', async () => {
    const refresh = pendingRefresh();
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={refresh.onRefresh}>
        <Rows />
      </PullToRefresh>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await refresh.fail(new Error('offline'));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refresh.onRefresh).toHaveBeenCalledTimes(2);
    await refresh.settle();
  });

  it('shows the loading, error and empty states instead of the content', async () => {
    const onRefresh = jest.fn().mockResolvedValue(undefined);
    const { rerender } = renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={onRefresh} loading>
        <Rows />
      </PullToRefresh>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(screen.queryByText('Row 1')).not.toBeInTheDocument();

    rerender(
      <PullToRefresh label="Orders" onRefresh={onRefresh} error errorTitle="Orders could not be loaded">
        <Rows />
      </PullToRefresh>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Orders could not be loaded');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRefresh).toHaveBeenCalledTimes(1);

    rerender(
      <PullToRefresh label="Orders" onRefresh={onRefresh} empty emptyTitle="No orders yet">
        <Rows />
      </PullToRefresh>,
    );
    expect(screen.getByText('No orders yet')).toBeInTheDocument();
    expect(screen.queryByText('Row 1')).not.toBeInTheDocument();
  });
});

describe('the refresh control', () => {
  it('is compact, and hidden on phones (narrow touch screens) where pulling and the live streams refresh', () => {
    renderWithPlatform(
      <PullToRefresh label="Orders" onRefresh={() => Promise.resolve()}>
        <p>Row</p>
      </PullToRefresh>,
    );
    // identity-obj-proxy: the class names are the CSS module's keys
    expect(screen.getByRole('button', { name: 'Refresh' })).toHaveClass('refreshButton');
    const css = readFileSync(join(__dirname, 'kit.module.css'), 'utf8').replace(/\s+/g, ' ');
    expect(css).toContain('@media (max-width: 1000px) and (pointer: coarse) { .refreshBar { display: none; } }');
  });
});
