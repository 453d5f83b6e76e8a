// @meridian/shared/remote: the one remote template. Unlike the library's main entry it needs the router, so it is
// an entry of its own, built into each remote (its runtime objects come from the '@meridian/shared' singleton).
export { createRemoteRoutes, type RemoteRoutes, type PageLoader } from './RemoteRoutes';
export { createRemoteApp } from './remote-app';
export { lazyPage, preloadAllPages, PAGE_LOADING_DELAY_MS, type LazyPage } from './lazy-page';
export { pageModule, type RemoteRouteManifest, type RemoteArea, type RemotePage } from './route-manifest';
