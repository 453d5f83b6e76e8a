/**
 * Every front-end package reports the framework objects it actually runs with. If federation sharing ever
 * broke, a remote would report its own copy of React (or jotai, or i18next) and the singleton e2e test fails.
 * The registry lives on window, not in a module, so a duplicated `shared` cannot hide the duplication.
 */
export interface PlatformInstances {
  React: unknown;
  ReactDOMClient: unknown;
  store: unknown;
  i18n: unknown;
  /** The QueryClient its roots are provided with: one per page, or screens would cache and refetch apart. */
  queryClient?: unknown;
}

declare global {
  interface Window {
    __MERIDIAN_INSTANCES__?: Record<string, PlatformInstances>;
  }
}

export function reportInstances(appName: string, instances: PlatformInstances): void {
  if (typeof window === 'undefined') return;
  window.__MERIDIAN_INSTANCES__ ??= {};
  window.__MERIDIAN_INSTANCES__[appName] = instances;
}
