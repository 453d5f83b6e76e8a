import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { Spinner, i18n } from '@meridian/shared';

export const LOADING_INDICATOR_DELAY_MS = 200;
export const LOAD_TIMEOUT_MS = 60_000;

export class LoadTimeoutError extends Error {
  constructor(name: string) {
    super(`${name} did not load within ${LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'LoadTimeoutError';
  }
}

/**
 * Shows a loading indicator in the application's element only if loading takes longer than 200 ms (a fast
 * load should not flash a spinner), and gives up after 60 s.
 */
export async function withLoadingIndicator<T>(element: HTMLElement, name: string, loading: Promise<T>): Promise<T> {
  let root: ReturnType<typeof createRoot> | null = null;
  let host: HTMLElement | null = null;
  const showTimer = setTimeout(() => {
    host = document.createElement('div');
    host.dataset.testid = `loading-${name}`;
    element.appendChild(host);
    root = createRoot(host);
    root.render(createElement(I18nextProvider, { i18n }, createElement(Spinner)));
  }, LOADING_INDICATOR_DELAY_MS);
  let timeoutTimer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timeoutTimer = setTimeout(() => reject(new LoadTimeoutError(name)), LOAD_TIMEOUT_MS);
  });
  try {
    return await Promise.race([loading, timeout]);
  } finally {
    clearTimeout(showTimer);
    clearTimeout(timeoutTimer);
    (root as ReturnType<typeof createRoot> | null)?.unmount();
    (host as HTMLElement | null)?.remove();
  }
}
