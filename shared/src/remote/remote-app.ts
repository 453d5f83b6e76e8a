import { createMicroApp, runLifecycle, type MicroApp, type MicroAppOptions } from '@meridian/shared';
import type { RemoteRoutes } from './RemoteRoutes';

/**
 * A remote's lifecycles from its routes: createMicroApp's, with the current route's page chunk loaded before
 * the first render (while the shell shows its loading rule), so the first paint is the page, not a placeholder.
 */
export function createRemoteApp({ routes, ...options }: Omit<MicroAppOptions, 'Root'> & { routes: RemoteRoutes }): MicroApp {
  const lifecycles = createMicroApp({ ...options, Root: routes.App });
  return {
    ...lifecycles,
    mount: (props) => {
      const path = window.location.pathname;
      if (routes.screenLoaded(path)) return runLifecycle(lifecycles.mount, props);
      // a page chunk that fails to load is left to the router's Suspense path (and the remote's error boundary)
      return routes
        .preloadScreen(path)
        .catch(() => undefined)
        .then(() => runLifecycle(lifecycles.mount, props));
    },
  };
}
