import { installSocketHub } from '@meridian/shared';
import { BrowserSocketHub, type SocketHubConfig } from './browser-socket-hub';

export interface StartSocketHubOptions extends SocketHubConfig {
  /** The current login token, or null when logged out. */
  getToken: () => string | null;
  /**
   * Subscribes to token changes (login, logout, refresh); returns the unsubscribe function. The hub re-reads
   * getToken() on every call, so the callback's arguments do not matter.
   */
  onTokenChange: (listener: () => void) => (() => void) | void;
}

export interface RunningSocketHub {
  hub: BrowserSocketHub;
  /** Closes every connection and uninstalls the hub. */
  stop(): void;
}

/**
 * Creates the platform's socket hub, installs it for every remote (through @meridian/shared), keeps the
 * positions connection on the session's token, and retries connections that gave up (after the spec's five
 * attempts) once the browser is back online or the page becomes visible again.
 */
export function startSocketHub({ getToken, onTokenChange, ...config }: StartSocketHubOptions): RunningSocketHub {
  const hub = new BrowserSocketHub(config);
  hub.setToken(getToken());
  const stopWatching = onTokenChange(() => hub.setToken(getToken()));
  const uninstall = installSocketHub(hub);
  const onOnline = () => hub.restart();
  const onVisible = () => {
    if (document.visibilityState === 'visible') hub.restart();
  };
  window.addEventListener('online', onOnline);
  document.addEventListener('visibilitychange', onVisible);
  return {
    hub,
    stop() {
      window.removeEventListener('online', onOnline);
      document.removeEventListener('visibilitychange', onVisible);
      if (typeof stopWatching === 'function') stopWatching();
      uninstall();
      hub.dispose();
    },
  };
}
