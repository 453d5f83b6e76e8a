import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installSocketHub, type SocketHub } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform } from '@meridian/shared/testing';
import { LivePausedBanner } from './LivePausedBanner';
import { shellTranslations } from '../all-texts';

/** A manual hub that can pause, as the browser hub does after its five reconnect attempts. */
function pausingHub() {
  let paused = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    paused = next;
    for (const listener of listeners) listener();
  };
  const restart = jest.fn(() => set(false));
  const hub: SocketHub = {
    ...createManualSocketHub(),
    isPaused: () => paused,
    subscribePaused: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restart,
  };
  return { hub, set, restart };
}

describe('LivePausedBanner', () => {
  it('shows "live prices paused" while the hub is paused, and its retry restarts the streams', async () => {
    const user = userEvent.setup();
    const { hub, set, restart } = pausingHub();
    const uninstall = installSocketHub(hub);
    renderWithPlatform(<LivePausedBanner />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.queryByTestId('live-paused')).toBeNull();
    act(() => set(true));
    expect(screen.getByTestId('live-paused')).toHaveTextContent(shellTranslations.en.livePaused);
    await user.click(screen.getByRole('button', { name: shellTranslations.en.livePausedRetry }));
    expect(restart).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('live-paused')).toBeNull();
    uninstall();
  });

  it('is absent without a hub that can pause', () => {
    const uninstall = installSocketHub(createManualSocketHub());
    renderWithPlatform(<LivePausedBanner />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.queryByTestId('live-paused')).toBeNull();
    uninstall();
  });

  it('is translated in every language', () => {
    for (const texts of Object.values(shellTranslations)) {
      expect(texts.livePaused).toBeTruthy();
      expect(texts.livePausedRetry).toBeTruthy();
    }
  });
});
